import type { LightMyRequestResponse } from 'fastify';
import type { RouteContract } from '#shared-domain/contracts/contract.ts';
import { ERROR_CATALOGUE, type ErrorName, isErrorName } from '#shared-domain/error-catalogue.ts';
import { SESSION_COOKIE } from '#shared-domain/login.ts';

// What the fuzz suite (tests/server/fuzz.test.ts) sends besides a route's own parts, and what it accepts as an answer.

/** One request as the suite sends it. */
export interface Plan {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Whether the URL is one a browser would navigate to (a refusal may then be the SPA's page). */
  odd: { url: boolean; body: boolean };
}

/** Headers every route reads beside its own parts: languages, country, user agent, forwarding, request id, encoding. */
export const ODD_HEADERS: readonly Record<string, string>[] = [
  { 'accept-language': '__proto__, constructor;q=0.9, *;q=abc' },
  { 'accept-language': `${'x-'.repeat(3000)}en` },
  { cookie: `${SESSION_COOKIE}=; language_choice=constructor; sid_claims=e30` },
  { 'x-country-code': '__proto__', 'cf-ipcountry': '\u00ff\u00fe' },
  { 'user-agent': `Mozilla/5.0 (${'('.repeat(2000)}` },
  { 'x-forwarded-for': '999.1.1.1, ::ffff:127.0.0.1, garbage' },
  { 'x-request-id': '\u00e9\u00e9 "quoted" {json}' },
  { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site', accept: 'text/html' },
  { 'accept-encoding': 'br;q=NaN, gzip;q=-1, *;q=2' },
];

/** Where the request is one a browser loads as a page: a refusal there may be the SPA's document (static-spa). */
function isNavigation(plan: Plan): boolean {
  const path = plan.url.split('?')[0] ?? '';
  return (
    (plan.method === 'GET' || plan.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/.well-known')
  );
}

/**
 * The refusals a route may answer: those its contract names, and those of a request that never reached it (an URL
 * the router cannot decode or does not match; a body the route does not take).
 */
function allowedNames(route: RouteContract, plan: Plan, routes: readonly RouteContract[]): Set<ErrorName> {
  const allowed = new Set<ErrorName>(route.errors);
  if (plan.odd.url) {
    for (const name of ['NotFound', 'BadRequest', 'UriTooLong'] as const) allowed.add(name);
    // A `?`, `#` or `/` in a raw segment may land the request on another route of the same method.
    for (const other of routes) if (other.method === route.method) for (const name of other.errors) allowed.add(name);
  }
  if (plan.odd.body) {
    for (const name of ['BadRequest', 'PayloadTooLarge', 'UnsupportedMediaType'] as const) allowed.add(name);
  }
  return allowed;
}

function describePlan(plan: Plan): string {
  const payload = plan.payload === undefined ? '' : ` body ${JSON.stringify(plan.payload.slice(0, 300))}`;
  const headers = { ...plan.headers, ...(plan.headers.cookie ? { cookie: '[set]' } : {}) };
  return `${plan.method} ${plan.url.slice(0, 300)} ${JSON.stringify(headers)}${payload}`;
}

/**
 * Fails, naming the request and the answer, unless the answer is one the route may give: no 5xx; a refusal in the
 * catalogue's body, its status and code its name's, a name the route's contract lists (or, for a request that never
 * reached the route, one the router or the body parser answers); a page for a browser's navigation; an OAuth error
 * the contract names at the OAuth endpoints.
 */
export function checkAnswer(
  route: RouteContract,
  plan: Plan,
  response: LightMyRequestResponse,
  routes: readonly RouteContract[],
): void {
  const what = () => `${describePlan(plan)}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`;
  if (response.statusCode >= 500) throw new Error(`a 5xx: ${what()}`);
  if (response.statusCode < 400) return;
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('text/html') && isNavigation(plan)) return;
  if (!type.startsWith('application/json')) throw new Error(`a refusal that is not JSON: ${what()}`);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  if (route.oauthErrors && typeof body.error === 'string') {
    if (!(route.oauthErrors as readonly string[]).includes(body.error)) {
      throw new Error(`an OAuth error the contract does not name: ${what()}`);
    }
    return;
  }
  const error = body.error as Record<string, unknown> | undefined;
  const name = error?.name;
  if (body.success !== false || typeof body.message !== 'string' || !error || !isErrorName(name)) {
    throw new Error(`a refusal outside the catalogue's body: ${what()}`);
  }
  const entry = ERROR_CATALOGUE[name];
  if (error.code !== entry.code || response.statusCode !== entry.status) {
    throw new Error(`a refusal whose status or code is not its name's: ${what()}`);
  }
  if (
    error.data !== undefined &&
    (typeof error.data !== 'object' || error.data === null || Array.isArray(error.data))
  ) {
    throw new Error(`error.data that is not an object: ${what()}`);
  }
  if (!allowedNames(route, plan, routes).has(name))
    throw new Error(`a refusal the contract does not name (${name}): ${what()}`);
}
