import fc from 'fast-check';
import type { RouteContract } from '#shared-domain/contracts/contract.ts';
import {
  anyJson,
  encodeLoosely,
  isWellFormedText,
  jsonSchemaOf,
  MALFORMED_JSON,
  nearly,
  ODD_PATH_SEGMENTS,
  ODD_QUERIES,
  ODD_STRINGS,
  queryStringOf,
  WRONG_CONTENT_TYPES,
} from './fuzz.ts';

// The parts of a fuzzed request built from a route's own contract (tests/server/fuzz.test.ts): its path parameters,
// query and body, mostly valid-ish values from the request schemas (with `known` ids the suite holds), some odd.

/** A request body as sent: its bytes, its content type, and whether it is not what the route takes. */
export interface RequestBody {
  payload?: string;
  contentType?: string;
  odd: boolean;
}

export function takesJsonBody(route: RouteContract): boolean {
  return route.body !== undefined && route.bodyType !== 'form';
}

export function paramNames(route: RouteContract): string[] {
  return [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] as string);
}

export function pathArb(route: RouteContract, known: readonly string[]): fc.Arbitrary<{ path: string; odd: boolean }> {
  const names = paramNames(route);
  if (names.length === 0) return fc.constant({ path: route.url, odd: false });
  const schema = route.params ? jsonSchemaOf(route.params) : {};
  const segment = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: nearly(schema.properties?.[name] ?? {}, known).map((v) => ({ v, odd: false })) },
      {
        weight: 1,
        arbitrary: fc.noBias(fc.constantFrom(...ODD_PATH_SEGMENTS)).map((v) => ({ v, odd: true, raw: true })),
      },
    );
  return fc.tuple(...names.map(segment)).map((segments) => {
    let odd = false;
    let path = route.url;
    segments.forEach((segment, index) => {
      const raw = 'raw' in segment;
      const text = typeof segment.v === 'string' ? segment.v : JSON.stringify(segment.v ?? null);
      // Past the router's limit (server/app.ts MAX_PARAM_LENGTH), a dot segment (resolved away by any HTTP client)
      // or a lone surrogate (no UTF-8 decodes it), the request never reaches the route.
      odd ||=
        segment.odd || text === '' || text === '.' || text === '..' || text.length > 256 || !isWellFormedText(text);
      path = path.replace(`:${names[index]}`, raw ? text : encodeLoosely(text));
    });
    return { path, odd };
  });
}

export function queryArb(
  route: RouteContract,
  known: readonly string[],
): fc.Arbitrary<{ query: string; odd: boolean }> {
  const fromSchema = route.query
    ? nearly(jsonSchemaOf(route.query), known).map((value) => ({ query: queryStringOf(value), odd: false }))
    : fc.constant({ query: '', odd: false });
  return fc.oneof(
    { weight: 5, arbitrary: fromSchema },
    { weight: 1, arbitrary: fc.noBias(fc.constantFrom(...ODD_QUERIES)).map((query) => ({ query, odd: true })) },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(fc.string({ maxLength: 6 }), fc.noBias(fc.constantFrom(...ODD_STRINGS)), { maxKeys: 3 })
        .map((value) => ({ query: queryStringOf(value), odd: true })),
    },
  );
}

export function bodyArb(route: RouteContract, known: readonly string[]): fc.Arbitrary<RequestBody> {
  if (route.bodyType === 'form') {
    const schema = jsonSchemaOf(route.body as NonNullable<RouteContract['body']>);
    return fc.oneof(
      {
        weight: 5,
        arbitrary: nearly(schema, known).map((value) => ({
          payload: queryStringOf(value),
          contentType: 'application/x-www-form-urlencoded',
          odd: false,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(anyJson, fc.constantFrom(...WRONG_CONTENT_TYPES, 'application/json')).map(([v, type]) => ({
          payload: JSON.stringify(v) ?? '',
          contentType: type,
          odd: true,
        })),
      },
    );
  }
  if (takesJsonBody(route)) {
    const schema = jsonSchemaOf(route.body as NonNullable<RouteContract['body']>);
    return fc.oneof(
      {
        weight: 6,
        arbitrary: nearly(schema, known).map((value) => ({
          payload: JSON.stringify(value) ?? 'null',
          contentType: 'application/json',
          odd: false,
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...MALFORMED_JSON)
          .map((payload) => ({ payload, contentType: 'application/json', odd: true })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(nearly(schema, known), fc.noBias(fc.constantFrom(...WRONG_CONTENT_TYPES)))
          .map(([value, contentType]) => ({ payload: JSON.stringify(value) ?? '', contentType, odd: true })),
      },
    );
  }
  // A route that takes no body still gets one now and then: it must be ignored or refused, never crash.
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant({ odd: false }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            anyJson.map((v) => JSON.stringify(v) ?? ''),
            fc.noBias(fc.constantFrom(...MALFORMED_JSON)),
          ),
          fc.constantFrom(...WRONG_CONTENT_TYPES, 'application/json'),
        )
        .map(([payload, contentType]) => ({ payload, contentType, odd: true })),
    },
  );
}
