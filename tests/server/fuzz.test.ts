import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '#server/modules/sessions/sessions.service.ts';
import type { RouteContract } from '#shared-domain/contracts/contract.ts';
import { SESSION_COOKIE } from '#shared-domain/login.ts';
import { createUser, startTestServer, type TestServer } from '../support/server.ts';
import { serviceToken } from './helpers/alert-delivery.ts';
import {
  contractsFromModules,
  MALFORMED_JSON,
  ODD_PATH_SEGMENTS,
  ODD_QUERIES,
  WRONG_CONTENT_TYPES,
} from './helpers/fuzz.ts';
import { bodyArb, paramNames, pathArb, queryArb, type RequestBody, takesJsonBody } from './helpers/fuzz-requests.ts';
import { checkAnswer, ODD_HEADERS, type Plan } from './helpers/fuzz-verdict.ts';

/**
 * Every route of every contract module, fuzzed against the real app (app.inject): property-based requests derived from
 * the route's own request schemas, then a fixed battery of hostile ones (malformed JSON, wrong content types, huge and
 * deeply nested values, prototype-pollution keys, odd path parameters), signed in where the route takes a session and
 * not. Whatever comes in: no answer of 500 or more, every refusal the catalogue's body with a name the route documents,
 * no unhandled rejection, Object.prototype untouched.
 *
 * FUZZ_SEED replays a run (fast-check prints the seed and path of a failure); FUZZ_RUNS sets the generated requests
 * per route (default 40, sized for well under a minute on a busy two-core machine; raise it for a longer hunt).
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 40;

const EMAIL = 'fuzz-owner@example.com';

// Read from the contract modules: a route added with its contract is fuzzed without being listed here.
const routes = await contractsFromModules();

type Auth = 'session' | 'none' | 'garbage';

let server: TestServer;
let userId: string;
const known: string[] = ['client_credentials', 'authorization_code', 'refresh_token', 'code', 'en-us', '0'];
let basicAuth = '';
let bearerAuth = '';

const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
const arrayPrototypeKeys = Object.getOwnPropertyNames(Array.prototype).sort();

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onRejection);
  // Metrics on, so /metrics and the hook counting every answer are fuzzed too.
  server = await startTestServer({ RATE_LIMIT_LOGIN_PER_MINUTE: '1000000', METRICS_ENABLED: 'true' });
  const user = await createUser(server, { email: EMAIL, apiAccess: true, owner: true, companyId: 'fuzz-company' });
  userId = user.id;
  known.push(EMAIL, user.id);
  // A real credential, so ids, client ids and Basic authentication can name something that exists.
  const grant = await server.app.inject({
    method: 'POST',
    url: '/api/client_grant',
    headers: { ...(await headersFor('session', 'same')), 'content-type': 'application/json' },
    payload: JSON.stringify({ grant_type: 'client_credentials', application_name: 'Fuzz' }),
  });
  const created = grant.json().data;
  if (!created) throw new Error(`no credential: ${grant.body}`);
  known.push(created.id, created.client_id, created.client_uid);
  basicAuth = `Basic ${Buffer.from(`${created.client_id}:${created.secret}`).toString('base64')}`;
  // A service token as the operator's monitoring backend holds one, so alert ingestion is fuzzed past its guard.
  bearerAuth = `Bearer ${await serviceToken(server)}`;
  const sessions = await server.app.inject({
    method: 'GET',
    url: '/api/deviceSessions',
    headers: await headersFor('session', 'none'),
  });
  for (const entry of sessions.json().data?.device_sessions ?? [])
    if (typeof entry.id === 'string') known.push(entry.id);
}, 60_000);

afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  process.off('uncaughtException', onRejection);
  await server?.close();
});

afterEach(() => {
  expect(rejections, 'unhandled rejections or exceptions').toEqual([]);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(arrayPrototypeKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('every route contract is fuzzed', () => {
  it('the contract modules name every contracted route the app registers', () => {
    const fuzzed = new Set(routes.map((route) => `${route.method} ${route.url}`));
    const registered = server.app.recordedRoutes
      .filter((route) => route.contract && route.method === route.contract.method)
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((route) => !fuzzed.has(route))).toEqual([]);
    expect(routes.length).toBeGreaterThan(30);
  });
});

describe('the checks can fail', () => {
  const route = routes.find((r) => r.method === 'POST' && r.url === '/api/login') as RouteContract;
  const plan: Plan = { method: 'POST', url: '/api/login', headers: {}, odd: { url: false, body: false } };
  const answer = (statusCode: number, body: unknown) =>
    ({
      statusCode,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    }) as unknown as LightMyRequestResponse;

  it('on a 500, a refusal outside the catalogue, a name with another status, and a name the route never answers', () => {
    const internal = { success: false, message: 'x', error: { code: 'INTERNAL', name: 'InternalError' } };
    expect(() => checkAnswer(route, plan, answer(500, internal), routes)).toThrow(/a 5xx/);
    expect(() => checkAnswer(route, plan, answer(400, { error: 'bad' }), routes)).toThrow(/outside the catalogue/);
    const wrongStatus = { success: false, message: 'x', error: { code: 'BAD_REQUEST', name: 'BadRequest' } };
    expect(() => checkAnswer(route, plan, answer(403, wrongStatus), routes)).toThrow(/status or code/);
    const notNamed = { success: false, message: 'x', error: { code: 'NOT_FOUND', name: 'ClientNotFound' } };
    expect(() => checkAnswer(route, plan, answer(404, notNamed), routes)).toThrow(/does not name/);
    const named = { success: false, message: 'x', error: { code: 'VALIDATION_ERROR', name: 'ValidationError' } };
    expect(() => checkAnswer(route, plan, answer(400, named), routes)).not.toThrow();
  });
});

describe.each(routes)('$method $url', (route) => {
  it(
    'answers schema-derived requests without a 5xx, refusals in the catalogue',
    async () => {
      await fc.assert(
        fc.asyncProperty(planFor(route), async (draft) => {
          const plan = await toPlan(route, draft);
          checkAnswer(route, plan, await inject(plan), routes);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
    20_000 + RUNS * 100,
  );

  it('answers the hostile battery without a 5xx, refusals in the catalogue', async () => {
    for (const plan of await hostilePlans(route)) checkAnswer(route, plan, await inject(plan), routes);
  });
});

function needsSession(route: RouteContract): boolean {
  return route.security?.includes('session') ?? false;
}

async function headersFor(auth: Auth, origin: 'same' | 'none' | 'evil'): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  if (auth === 'session') {
    // A fresh session per request: a fuzzed "revoke all" or password change must not sign the rest of the run out.
    const opened = await openSession(server.db, server.config, {
      userId,
      claims: { apiAccess: true, isGroupOwner: true },
      shortLived: false,
      client: { ip: '127.0.0.1', countryCode: null, userAgent: 'fuzz' },
      now: Date.now(),
    });
    headers.cookie = `${SESSION_COOKIE}=${opened.token}`;
  } else if (auth === 'garbage') {
    headers.cookie = `${SESSION_COOKIE}=${encodeURIComponent('eyJhbGciOiJub25lIn0.e30.')}; sid_claims=%%%`;
  }
  if (origin === 'same') headers.origin = server.config.publicOrigin;
  else if (origin === 'evil') headers.origin = 'https://evil.example';
  return headers;
}

const authArb = (route: RouteContract) =>
  fc.oneof(
    { weight: needsSession(route) ? 6 : 1, arbitrary: fc.constant<Auth>('session') },
    { weight: 1, arbitrary: fc.constant<Auth>('none') },
    { weight: 1, arbitrary: fc.constant<Auth>('garbage') },
  );

const originArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant<'same'>('same') },
  { weight: 1, arbitrary: fc.constantFrom<'none' | 'evil'>('none', 'evil') },
);

interface Draft {
  path: string;
  oddPath: boolean;
  query: string;
  oddQuery: boolean;
  body: RequestBody;
  auth: Auth;
  origin: 'same' | 'none' | 'evil';
  credentials?: string;
}

function credentialsArb(route: RouteContract): fc.Arbitrary<string | undefined> {
  if (route.security?.includes('clientBasic')) {
    return fc.oneof(
      fc.constant(basicAuth),
      fc.constant(undefined),
      fc.string().map((s) => `Basic ${Buffer.from(s).toString('base64')}`),
      fc.constantFrom('Basic', 'Basic !!!', 'Basic Og==', `Basic ${'A'.repeat(4000)}`, 'Bearer x'),
    );
  }
  if (route.security?.includes('bearer')) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(bearerAuth) },
      fc.constant(undefined),
      fc.string().map((s) => `Bearer ${s}`),
      fc.constantFrom('Bearer', 'Bearer ', 'Bearer eyJhbGciOiJub25lIn0.e30.', basicAuth, `Bearer ${'x'.repeat(5000)}`),
    );
  }
  return fc.constant(undefined);
}

function planFor(route: RouteContract): fc.Arbitrary<Draft> {
  return fc
    .record({
      path: pathArb(route, known),
      query: queryArb(route, known),
      body: bodyArb(route, known),
      auth: authArb(route),
      origin: originArb,
      credentials: credentialsArb(route),
    })
    .map(({ path, query, ...rest }) => ({
      path: path.path,
      oddPath: path.odd,
      query: query.query,
      oddQuery: query.odd,
      ...rest,
    }));
}

async function toPlan(route: RouteContract, draft: Draft): Promise<Plan> {
  const headers = await headersFor(draft.auth, draft.origin);
  if (draft.body.contentType !== undefined) headers['content-type'] = draft.body.contentType;
  if (draft.credentials !== undefined) headers.authorization = draft.credentials;
  return {
    method: route.method,
    url: draft.query ? `${draft.path}?${draft.query}` : draft.path,
    headers,
    payload: draft.body.payload,
    odd: { url: draft.oddPath || draft.oddQuery, body: draft.body.odd },
  };
}

function inject(plan: Plan): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: plan.method as 'GET',
    url: plan.url,
    headers: plan.headers,
    ...(plan.payload !== undefined ? { payload: plan.payload } : {}),
  });
}

/** The same hostile requests for every route, each alone: one odd thing per request, the rest as a client sends it. */
async function hostilePlans(route: RouteContract): Promise<Plan[]> {
  const auth: Auth = needsSession(route) ? 'session' : 'none';
  const names = paramNames(route);
  const plainPath = names.reduce((path, name) => path.replace(`:${name}`, known[known.length - 1] ?? 'x'), route.url);
  const base = async (overrides: Partial<Plan> & { odd: Plan['odd'] }): Promise<Plan> => {
    const headers = await headersFor(auth, 'same');
    if (route.security?.includes('clientBasic')) headers.authorization = basicAuth;
    if (route.security?.includes('bearer')) headers.authorization = bearerAuth;
    if (takesJsonBody(route)) headers['content-type'] = 'application/json';
    if (route.bodyType === 'form') headers['content-type'] = 'application/x-www-form-urlencoded';
    const payload = takesJsonBody(route)
      ? '{}'
      : route.bodyType === 'form'
        ? 'grant_type=client_credentials'
        : undefined;
    return {
      method: route.method,
      url: plainPath,
      payload,
      ...overrides,
      headers: { ...headers, ...overrides.headers },
    };
  };
  const plans: Plan[] = [];
  for (const query of ODD_QUERIES)
    plans.push(await base({ url: `${plainPath}?${query}`, odd: { url: true, body: false } }));
  for (const segment of ODD_PATH_SEGMENTS) {
    for (const name of names) {
      plans.push(
        await base({
          url: route.url.replace(`:${name}`, segment).replace(/:[A-Za-z_]+/g, 'x'),
          odd: { url: true, body: false },
        }),
      );
    }
  }
  for (const payload of MALFORMED_JSON) {
    plans.push(
      await base({ payload, headers: { 'content-type': 'application/json' }, odd: { url: false, body: true } }),
    );
  }
  for (const contentType of WRONG_CONTENT_TYPES) {
    const headers: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType };
    const plan = await base({ payload: '{"a":1}', odd: { url: false, body: true } });
    if (contentType === undefined) delete plan.headers['content-type'];
    plans.push({ ...plan, headers: { ...plan.headers, ...headers } });
  }
  // Headers the server reads beside the route's parts: language, country, device, forwarding, request id.
  for (const headers of ODD_HEADERS) plans.push(await base({ odd: { url: false, body: false }, headers }));
  // Signed out, with a forged cookie, and from another origin.
  plans.push(await base({ odd: { url: false, body: false }, headers: { cookie: '' } }));
  plans.push(
    await base({ odd: { url: false, body: false }, headers: { cookie: `${SESSION_COOKIE}=forged.token.value` } }),
  );
  plans.push(await base({ odd: { url: false, body: false }, headers: { origin: 'https://evil.example' } }));
  return plans;
}
