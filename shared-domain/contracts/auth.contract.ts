import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../email.ts';
import { LOGIN_PASSWORD_MAX_LENGTH } from '../login.ts';
import { defineRoute, judgedByTheRoute, okData, returnToField } from './contract.ts';

// docs/api/errors.md; product.md §7 login, logout, session.

/** The redirect the client follows after a login (already checked by the server, shared-domain/redirect.ts). */
export const redirectAnswer = z.object({ success: z.literal(true), redirect: z.string() });

export const login = defineRoute({
  method: 'POST',
  url: '/api/login',
  summary: 'Log in with email and password, or ask whether a session is alive',
  description:
    'With `username` and `password`: checks them (product.md §5 order) and sets the `sid` and `sid_claims` cookies. ' +
    'With neither (only `return_to`): answers the redirect when the cookies name a live session, else 401 NoSession.',
  tags: ['Account'],
  // Lengths bound the work a request can cause (argon2 hashes whatever it is given), not the password rules; the form
  // stops typing at the same limits.
  body: z
    .strictObject({
      username: z.string().max(EMAIL_MAX_LENGTH).optional(),
      password: z.string().max(LOGIN_PASSWORD_MAX_LENGTH).optional(),
      return_to: returnToField,
      short_lived: z.boolean().optional().meta({ description: 'A session that ends with the browser' }),
    })
    .meta({ examples: [{ username: 'ann@example.com', password: 'Secret1234', return_to: '/pages/credentials' }] }),
  response: { 200: redirectAnswer.meta({ examples: [{ success: true, redirect: '/pages/main' }] }) },
  errors: [
    'MissingEmail',
    'MissingPassword',
    'EmailNotRegistered',
    'InvalidEmailOrPassword',
    'AccountNotVerified',
    'AccountLocked',
    'NoSession',
    'RateLimited',
  ],
});

const carried = z.string().optional();

export const logout = defineRoute({
  method: 'GET',
  url: '/api/logout',
  summary: 'End the session',
  description:
    "Closes the session and clears its cookies. The consent page's Cancel navigates here with the request's handle " +
    '(docs/api/oauth.md): the client hears `access_denied` at its redirect URI (302). Any other navigation lands on ' +
    'the logout page with the query carried along (303); a fetch gets JSON.',
  tags: ['Account'],
  // Carried along to the logout page whatever they are, so never refused.
  query: judgedByTheRoute(
    z.looseObject({
      error: carried,
      error_description: carried,
      application_name: carried,
      request: carried.meta({ description: 'Handle of the pending authorization request (consent Cancel)' }),
      client_id: carried,
      redirect_uri: carried,
      state: carried,
    }),
  ),
  response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
  otherAnswers: {
    302: {
      description: 'Consent Cancel: to the client redirect URI with error=access_denied',
      headers: { location: 'The client redirect URI' },
    },
    303: {
      description: 'A navigation: to /pages/logout with the same query',
      headers: { location: '/pages/logout?…' },
    },
  },
  errors: [],
});

export const sessionUser = z.object({
  email: z.string(),
  name: z.string(),
  apiAccess: z.boolean(),
  isGroupOwner: z.boolean(),
});

export const session = defineRoute({
  method: 'GET',
  url: '/api/session',
  summary: 'The signed-in user, while the session is alive',
  description: 'The SPA confirms the `sid_claims` cookie with this call (docs/decisions/0006).',
  tags: ['Account'],
  security: ['session'],
  response: { 200: okData(z.object({ user: sessionUser })) },
  errors: [],
});

export type LoginRequest = z.input<typeof login.body>;
export type LoginAnswer = z.infer<typeof redirectAnswer>;
export type LogoutAnswer = z.infer<(typeof logout.response)[200]>;
export type SessionAnswer = z.infer<(typeof session.response)[200]>;
