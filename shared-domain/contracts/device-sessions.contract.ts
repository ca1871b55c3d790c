import { z } from 'zod';
import { defineRoute, noBody, noQuery, okData, okEmpty } from './contract.ts';

// docs/api/device-sessions.md: the live logins the caller may see and end. None of these routes takes input beyond
// the path: anything else is a client mistake worth a 400, not silence.

const describe = (description: string) => ({ description });
const epochMs = (description: string) => z.number().meta(describe(`Epoch milliseconds: ${description}`));
const countryCode = (when: string) =>
  z
    .string()
    .nullable()
    .meta(describe(`Two-letter country the CDN reported (CF-IPCountry or X-Country-Code) ${when}; null when none`));

/** product.md §3 "Device session", plus `last_active` and `current`. */
export const deviceSessionRow = z.object({
  id: z.string().meta(describe('The {id} of DELETE /api/deviceSessions/revoke/{id}')),
  user_id: z.string().meta(describe('Whose session: one of `users`')),
  login_ip: z.string(),
  login_country_code: countryCode('at the login'),
  last_ip: z.string(),
  last_country_code: countryCode('at the last request'),
  login_time: epochMs('the login'),
  device_description: z.string().meta(describe('A short "Browser on OS" label from the User-Agent of the login')),
  access_token_expires: epochMs(
    'when the session stops working unless used again (a short-lived login slides it on each use; otherwise the fixed end of the session)',
  ),
  last_active: epochMs('the last request, recorded at most once a minute (not in the spec’s fields)'),
  current: z.boolean().meta(describe('The session making this request (not in the spec’s fields)')),
});

export const deviceSessionUserRow = z.object({
  id: z.string(),
  friendly_name: z.string(),
  owner: z.boolean().meta(describe('The group owner; the others are secondary users')),
});

const SESSIONS_EXAMPLE = {
  success: true,
  data: {
    device_sessions: [
      {
        id: '9f2c…',
        user_id: 'u1…',
        login_ip: '192.0.2.10',
        login_country_code: 'FI',
        last_ip: '192.0.2.10',
        last_country_code: 'FI',
        login_time: 1790000000000,
        device_description: 'Chrome on Linux',
        access_token_expires: 1792592000000,
        last_active: 1790003600000,
        current: true,
      },
    ],
    users: [{ id: 'u1…', friendly_name: 'Olivia Owner', owner: true }],
  },
};

export const list = defineRoute({
  method: 'GET',
  url: '/api/deviceSessions',
  summary: 'The live sessions the caller may see: their own, and the account’s for its owner',
  tags: ['Device sessions'],
  security: ['session'],
  description:
    'Live means neither revoked nor expired: exactly the sessions that would still be accepted. The group owner sees ' +
    'every user’s, a secondary user only their own. Answered with Cache-Control: no-store.',
  query: noQuery,
  response: {
    200: okData(
      z.object({
        device_sessions: z.array(deviceSessionRow).meta(describe('By `last_active`, most recent first')),
        users: z
          .array(deviceSessionUserRow)
          .meta(describe('For the owner every user of the account, owner first; for a secondary user only themselves')),
      }),
    ).meta({ examples: [SESSIONS_EXAMPLE] }),
  },
  errors: [],
  errorNotes: { ValidationError: 'any query parameter' },
});

export const revokeAll = defineRoute({
  method: 'DELETE',
  url: '/api/deviceSessions/revoke/all',
  summary: 'End every other session the caller may see; the caller’s own stays',
  description: 'For the owner, every other live session of the account; for a secondary user, their own other ones.',
  tags: ['Device sessions'],
  security: ['session'],
  query: noQuery,
  body: noBody,
  response: {
    200: okData(z.object({ revoked: z.number().meta(describe('How many sessions it ended; 0 is not an error')) })).meta(
      {
        examples: [{ success: true, data: { revoked: 2 } }],
      },
    ),
  },
  errors: [],
  errorNotes: { ValidationError: 'a body with any field, any other JSON value, or any query parameter' },
});

export const revokeOne = defineRoute({
  method: 'DELETE',
  url: '/api/deviceSessions/revoke/:id',
  summary: 'End one session (the caller’s own is a logout)',
  description:
    'The session is refused from its next request on, on every instance. Ending the caller’s own session is a logout: ' +
    'its cookies are cleared in the same answer.',
  tags: ['Device sessions'],
  security: ['session'],
  // Fastify answers 414 before this for a path segment over its maxParamLength (100).
  params: z.strictObject({ id: z.string().min(1).max(100) }),
  query: noQuery,
  body: noBody,
  response: { 200: okEmpty },
  otherAnswers: {
    414: {
      description: 'An id over 100 characters: refused by the router, in Fastify’s body rather than the portal’s',
    },
  },
  errors: ['SessionNotFound'],
  errorNotes: {
    SessionNotFound:
      'unknown, already revoked or expired, or not the caller’s to see: never 403, so ids cannot be probed',
    ValidationError: 'a body with any field, any other JSON value, or any query parameter',
  },
});

export type DeviceSessionRow = z.infer<typeof deviceSessionRow>;
export type DeviceSessionUserRow = z.infer<typeof deviceSessionUserRow>;
export type DeviceSessionsAnswer = z.infer<(typeof list.response)[200]>;
