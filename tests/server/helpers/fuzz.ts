import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import type { RouteContract } from '#shared-domain/contracts/contract.ts';

/**
 * Inputs for the fuzzing of every route (tests/server/fuzz.test.ts): each route's request schemas turned into
 * fast-check arbitraries, through their JSON Schema (zod's own `z.toJSONSchema`, the document /api/openapi.json is made
 * of), and the hostile values no schema describes.
 */

const CONTRACTS_DIR = resolve(import.meta.dirname, '../../../shared-domain/contracts');

/**
 * Every route contract the contract modules export, read from the folder rather than listed here, so a route added
 * with its contract is fuzzed without anyone remembering to.
 */
export async function contractsFromModules(): Promise<RouteContract[]> {
  const found = new Map<string, RouteContract>();
  const files = readdirSync(CONTRACTS_DIR).filter((file) => file.endsWith('.contract.ts'));
  for (const file of files.sort()) {
    const module = (await import(resolve(CONTRACTS_DIR, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (isRouteContract(value)) found.set(`${value.method} ${value.url}`, value);
    }
  }
  return [...found.values()];
}

function isRouteContract(value: unknown): value is RouteContract {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<RouteContract>;
  return (
    typeof candidate.method === 'string' &&
    typeof candidate.url === 'string' &&
    typeof candidate.response === 'object' &&
    Array.isArray(candidate.errors)
  );
}

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Keys that reach Object.prototype when a parser or a merge treats them as ordinary ones. */
export const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Strings a parser, a decoder, a database or a log line may trip on. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  '%',
  '%00',
  '%zz',
  '%E0%A4%A',
  '..',
  '../..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '/',
  '\\',
  "'; drop table users; --",
  '"',
  '{}',
  '[]',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e400',
  '0x10',
  'true',
  '\u202e\u200b\ufeff',
  '😀'.repeat(40),
  '\ud800',
  'é'.normalize('NFD'),
  'a\r\nSet-Cookie: x=y',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'https://evil.example/',
  '//evil.example',
  '/pages/main',
  'ann@example.com',
  'ANN@EXAMPLE.COM ',
  ...POLLUTING_KEYS,
];

/** Strings over every limit the contracts set (the largest is a few KiB), still under the 16 KiB body limit. */
export const longString = fc.constantFrom('x'.repeat(300), 'é'.repeat(2100), 'a'.repeat(9000));

/** Path parameters a router or a decoder may mishandle: encoded slashes, dot segments, unicode, very long. */
export const ODD_PATH_SEGMENTS: readonly string[] = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2F',
  'a%2Fb',
  '%5C',
  '%00',
  '%',
  '%E0%A4%A',
  '%C0%AE',
  encodeURIComponent('😀'),
  encodeURIComponent('ü'.normalize('NFD')),
  encodeURIComponent('\u202e'),
  'x'.repeat(150),
  'x'.repeat(250),
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  'prototype',
  'null',
  '-1',
  '0',
  'a;b',
  'a?b=c',
  '%3Fa%3Db',
  '%23',
];

/** Any JSON value, objects carrying the polluting keys as ordinary keys now and then. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 60)),
    fc.string(),
    fc.noBias(fc.constantFrom(...ODD_STRINGS)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...POLLUTING_KEYS)), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** What a field's name says about its values, so that more requests carry one the route accepts. */
function hintedBy(key: string | undefined): fc.Arbitrary<string>[] {
  const name = (key ?? '').toLowerCase();
  if (name.includes('email') || name === 'username') return [fc.emailAddress()];
  if (name.includes('url') || name.includes('uri')) return [fc.webUrl({ validSchemes: ['https'] })];
  if (name === 'language')
    return [fc.constantFrom('en-us', 'zh-cn', 'ja-jp', 'zh-hk', 'fi-fi', '0', '4', 'en', 'zh-TW')];
  if (name.includes('password')) return [fc.string({ minLength: 10, maxLength: 20 }).map((p) => `${p}Aa1`)];
  return [];
}

/** A string for a schema's string: mostly within its limits, sometimes odd, at or just past its limits. */
function stringFor(schema: JsonSchema, known: readonly string[], key?: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const within = (value: string) => value.length >= min && value.length <= max;
  const choices: fc.WeightedArbitrary<string>[] = [
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 40)) }) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, Math.max(min, 20)) }),
    },
  ];
  // The ids, emails and secrets the test holds: the way past "not found" into the rest of the handler.
  const fittingKnown = known.filter(within);
  // Unbiased: constantFrom favours its first entries, and the test's own ids come last.
  if (fittingKnown.length > 0) choices.push({ weight: 3, arbitrary: fc.noBias(fc.constantFrom(...fittingKnown)) });
  const fittingOdd = ODD_STRINGS.filter(within);
  if (fittingOdd.length > 0) choices.push({ weight: 1, arbitrary: fc.noBias(fc.constantFrom(...fittingOdd)) });
  for (const hinted of hintedBy(key)) choices.push({ weight: 3, arbitrary: hinted.filter(within) });
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    choices.push({ weight: 3, arbitrary: fc.stringMatching(pattern).filter(within) });
  }
  if (schema.format === 'email') choices.push({ weight: 3, arbitrary: fc.emailAddress().filter(within) });
  if (schema.format === 'uri' || schema.format === 'url') {
    choices.push({ weight: 3, arbitrary: fc.webUrl().filter(within) });
  }
  // The limits themselves, and one past them.
  choices.push({
    weight: 1,
    arbitrary: fc.constantFrom('a'.repeat(max), 'a'.repeat(max + 1), 'a'.repeat(Math.max(0, min - 1))),
  });
  return fc.oneof(...choices);
}

/**
 * A value the schema would mostly accept: the shapes, enums, constants and length limits it states, with the known
 * values of the running test (an id it holds, its user's email) among the strings, so a request can get past
 * validation into the handler and the database.
 */
export function validish(
  schema: JsonSchema,
  known: readonly string[] = [],
  depth = 0,
  key?: string,
): fc.Arbitrary<unknown> {
  if (depth > 6) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((option) => validish(option, known, depth + 1, key)));
  if (schema.allOf && schema.allOf.length > 0) return validish(schema.allOf[0] as JsonSchema, known, depth + 1, key);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => validish({ ...schema, type: t }, known, depth + 1, key)));
  switch (type[0]) {
    case 'string':
      return stringFor(schema, known, key);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validish(schema.items, known, depth + 1) : anyJson, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 6),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([name, value]) => [name, validish(value, known, depth + 1, name)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return anyJson;
  }
}

/** A value near the schema: valid-ish, with one field of another type, one field too many, or a polluting key. */
export function nearly(schema: JsonSchema, known: readonly string[] = []): fc.Arbitrary<unknown> {
  const base = validish(schema, known);
  return fc.oneof(
    { weight: 4, arbitrary: base },
    {
      weight: 2,
      arbitrary: fc
        .tuple(base, fc.string({ maxLength: 12 }), anyJson)
        .map(([value, key, extra]) => withKey(value, pick(Object.keys(schema.properties ?? {}), key), extra)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...POLLUTING_KEYS), anyJson)
        .map(([value, key, extra]) => withKey(value, key, extra)),
    },
    { weight: 1, arbitrary: fc.tuple(base, longString).map(([value, long]) => withLongField(value, long)) },
    { weight: 1, arbitrary: anyJson },
  );
}

function pick(keys: readonly string[], fallback: string): string {
  if (keys.length === 0) return fallback;
  return keys[fallback.length % keys.length] as string;
}

/** Sets a key the way JSON.parse would (an own property, even `__proto__`), never through the prototype's setter. */
function withKey(value: unknown, key: string, extra: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const copy = { ...(value as Record<string, unknown>) };
  Object.defineProperty(copy, key, { value: extra, enumerable: true, configurable: true, writable: true });
  return copy;
}

function withLongField(value: unknown, long: string): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return long;
  const keys = Object.keys(value);
  return keys.length === 0 ? value : withKey(value, keys[long.length % keys.length] as string, long);
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) goes out as the bytes a careless client would
 * send for it: UTF-8 no decoder accepts.
 */
export function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split(/([\ud800-\udfff])/)
      .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

/** Whether the text is well-formed UTF-16 (no lone surrogate), so that it has a UTF-8 form at all. */
export function isWellFormedText(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** A query string's worth of the value: strings, repeated keys for arrays, the rest stringified. */
export function queryStringOf(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const parts: string[] = [];
  for (const [key, entry] of Object.entries(value)) {
    for (const item of Array.isArray(entry) ? entry : [entry]) {
      const text = typeof item === 'string' ? item : (JSON.stringify(item) ?? '');
      parts.push(`${encodeLoosely(key)}=${encodeLoosely(text)}`);
    }
  }
  return parts.join('&');
}

/** Raw query strings no object spells: polluting keys in bracket and dot forms, broken escapes, floods. */
export const ODD_QUERIES: readonly string[] = [
  '__proto__[polluted]=1',
  '__proto__.polluted=1',
  'constructor[prototype][polluted]=1',
  'constructor.prototype.polluted=1',
  '__proto__=1&__proto__=2',
  'prototype=x',
  'a=%',
  '%=a',
  'a=%E0%A4%A',
  '=&=&=',
  '&&&',
  'a',
  `a=${'x'.repeat(8000)}`,
  Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join('&'),
  Array.from({ length: 300 }, () => 'email=a').join('&'),
  'email[]=a&email[]=b',
  'email[0]=a',
  'email=a&email=b',
];

/** Bodies that are no JSON value, or one a parser may choke on; each well under the body limit unless said. */
export const MALFORMED_JSON: readonly string[] = [
  '',
  '{',
  '}',
  '{"a":',
  "{'a': 1}",
  '{"a": undefined}',
  '{"a": NaN}',
  '[1,]',
  '\u0000',
  '\ufeff{}',
  'null',
  'true',
  '1',
  '"string"',
  '[]',
  '{"__proto__": {"polluted": 1}}',
  '{"constructor": {"prototype": {"polluted": 1}}}',
  '{"a": {"__proto__": {"polluted": 1}}}',
  '{"a": 1, "a": 2}',
  '{"a": 1e99999}',
  '{"a": "\\ud800"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  `[${Array.from({ length: 3000 }, () => '1').join(',')}]`,
  JSON.stringify({ a: 'x'.repeat(20_000) }),
];

/** Content types a JSON route must refuse or ignore, never crash on. */
export const WRONG_CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  '',
  ';',
  '*/*',
];
