import helmet from '@fastify/helmet';
import { globalPlugin } from '../lib/global-plugin.ts';
import { captchaCspSources } from '../modules/captcha/captcha-csp.ts';

/**
 * CSP fitted to the Vite-built SPA: bundled scripts only (plus a hosted captcha's script and frame when one is
 * configured); inline styles because Mantine injects them at runtime;
 * data: images for inline icons; blob: workers for the proof-of-work captcha. Upgrade/HSTS only under https, where
 * they are meaningful, so plain-http local runs keep working.
 */
export default globalPlugin('security-headers', async (app) => {
  const https = app.config.secureCookies;
  const captcha = captchaCspSources(app.config.captcha.provider);
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...captcha.script],
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
});
