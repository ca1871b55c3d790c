import { z } from 'zod';
import { defineRoute, noBody, noQuery, okData, okEmpty } from './contract.ts';

// docs/api/device-sessions.md: the live logins the caller may see and end. None of these routes takes input beyond
// the path: anything else is a client mistake worth a 400, not silence.

/** product.md §3 "Device session", plus `last_active` and `current`. Times are epoch ms. */
export const deviceSessionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  login_ip: z.string(),
  login_country_code: z.string().nullable(),
  last_ip: z.string(),
  last_country_code: z.string().nullable(),
  login_time: z.number(),
  device_description: z.string(),
  access_token_expires: z.number(),
  last_active: z.number(),
  current: z.boolean(),
});

export const deviceSessionUserRow = z.object({ id: z.string(), friendly_name: z.string(), owner: z.boolean() });

export const list = defineRoute({
  method: 'GET',
  url: '/api/deviceSessions',
  summary: 'The live sessions the caller may see: their own, and the account’s for its owner',
  tags: ['Device sessions'],
  security: ['session'],
  query: noQuery,
  response: { 200: okData(z.object({ device_sessions: z.array(deviceSessionRow), users: z.array(deviceSessionUserRow) })) },
  errors: [],
});

export const revokeAll = defineRoute({
  method: 'DELETE',
  url: '/api/deviceSessions/revoke/all',
  summary: 'End every other session the caller may see; the caller’s own stays',
  tags: ['Device sessions'],
  security: ['session'],
  query: noQuery,
  body: noBody,
  response: { 200: okData(z.object({ revoked: z.number() })) },
  errors: [],
});

export const revokeOne = defineRoute({
  method: 'DELETE',
  url: '/api/deviceSessions/revoke/:id',
  summary: 'End one session (the caller’s own is a logout)',
  tags: ['Device sessions'],
  security: ['session'],
  // Fastify answers 414 before this for a path segment over its maxParamLength (100).
  params: z.strictObject({ id: z.string().min(1).max(100) }),
  query: noQuery,
  body: noBody,
  response: { 200: okEmpty },
  errors: ['SessionNotFound'],
});

export type DeviceSessionRow = z.infer<typeof deviceSessionRow>;
export type DeviceSessionUserRow = z.infer<typeof deviceSessionUserRow>;
export type DeviceSessionsAnswer = z.infer<(typeof list.response)[200]>;
