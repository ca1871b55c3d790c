import type { AuthorizeParams } from './authorize.service.ts';

const NAMES = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'response_mode',
  'tracking_id',
] as const;
/** RFC 8707 allows a repeated `resource`; kept as a list so the service can answer invalid_target to the client. */
const RESOURCE = 'resource';
const MAX_LENGTH = 2048;

/**
 * The authorization parameters of a query string. A repeated or oversized parameter makes the whole request
 * invalid (RFC 6749 §3.1: parameters MUST NOT be included more than once): null, shown as our error page.
 */
export function authorizeParams(query: unknown): AuthorizeParams | null {
  const source = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const params: AuthorizeParams = {};
  for (const name of NAMES) {
    const value = source[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length > MAX_LENGTH) return null;
    params[name] = value;
  }
  const resource = source[RESOURCE];
  if (resource !== undefined) {
    const values = Array.isArray(resource) ? resource : [resource];
    if (!values.every((v): v is string => typeof v === 'string' && v.length <= MAX_LENGTH)) return null;
    params.resource = values;
  }
  return params;
}
