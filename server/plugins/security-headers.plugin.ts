import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { globalPlugin } from '../lib/global-plugin.ts';
import { captchaCspSources } from '../modules/captcha/captcha-csp.ts';
import { START_SCRIPT_CSP_SOURCE } from '../modules/site/start-script.ts';

/**
 * CSP fitted to the Vite-built SPA: bundled scripts only, plus the one inline script that starts them on a
 * server-rendered page (by its hash), and a hosted captcha's script and frame when one is configured; inline styles because Mantine injects them at runtime;
 * data: images for inline icons; blob: workers for the proof-of-work captcha. Upgrade/HSTS only under https, where
 * they are meaningful, so plain-http local runs keep working.
 */
export default globalPlugin('security-headers', async (app) => {
  const https = app.config.secureCookies;
  const captcha = captchaCspSources(app.config.captcha.provider);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", START_SCRIPT_CSP_SOURCE, ...captcha.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        ...(captcha.frame.length > 0 ? { frameSrc: captcha.frame } : {}),
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  // A URL the router cannot decode is answered before any hook runs; its page still needs these headers.
  app.decorate('securityHeaders', Object.freeze(headers));
});

declare module 'fastify' {
  interface FastifyInstance {
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * Helmet's headers depend only on its options here (no per-request nonces), so they are computed once at boot.
 * @fastify/helmet rebuilt every middleware and re-parsed the CSP on every request, a measurable share of a login.
 */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
