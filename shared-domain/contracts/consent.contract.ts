import { z } from 'zod';
import { defineRoute, judgedByTheRoute, okData, returnToField } from './contract.ts';
import { redirectAnswer } from './auth.contract.ts';

// docs/api/oauth.md: the consent pages, authorized applications and Login with Amazon.

/** One application the account has allowed (GET /api/authorized_apps). */
export const authorizedApp = z.object({
  client_id: z.string(),
  application_name: z.string(),
  consented_by: z.array(z.string()),
  /** Latest consent by anyone in the account, epoch ms. */
  consented_at: z.number(),
  /** Space-separated resource:permission, the union of what the account's users consented to. */
  allowed_scope: z.string(),
  /** Whether this user may remove it: the owner any, a secondary user only what they consented to themselves. */
  removable: z.boolean(),
  /** What removing it takes away: the application for everyone in the account, or this user's own consent. */
  removes: z.enum(['account', 'own']),
});

export const authorizedApps = defineRoute({
  method: 'GET',
  url: '/api/authorized_apps',
  summary: 'The applications the account has allowed',
  tags: ['Authorized applications'],
  security: ['session'],
  response: { 200: okData(z.object({ authorized_apps: z.object({ array: z.array(authorizedApp) }) })) },
  errors: [],
});

export const revokeConsent = defineRoute({
  method: 'PUT',
  url: '/api/consent/revoke',
  summary: 'Remove an application: for the account (owner) or the caller’s own consent',
  description: 'Answers the application as the caller now sees it: null once no one in the account has it any more.',
  tags: ['Authorized applications'],
  security: ['session'],
  body: z.strictObject({ client_id: z.string().min(1).max(200) }).meta({ examples: [{ client_id: 'a1b2c3' }] }),
  response: { 200: okData(z.object({ authorized_app: authorizedApp.nullable() })) },
  errors: ['ClientNotFound', 'NotYourConsent'],
});

const MAX_LENGTH = 2048;

/**
 * The handle of a pending authorization request and, when present, the parameters that must agree with it. Others
 * ride along and are ignored (GET /api/consent/request and GET /api/consent).
 */
export const consentRequestQuery = z.object({
  request: z.string().max(MAX_LENGTH).optional().meta({ description: 'The handle the authorization endpoint gave the page' }),
  client_id: z.string().max(MAX_LENGTH).optional(),
  redirect_uri: z.string().max(MAX_LENGTH).optional(),
  scope: z.string().max(MAX_LENGTH).optional(),
});

/** The pending request as the consent pages show it: only what the server stored counts. */
export const consentRequestDetails = z.object({
  application_name: z.string(),
  owner_name: z.string(),
  redirect_host: z.string(),
  native: z.boolean(),
  scope: z.string(),
  alexa: z.boolean(),
});

export const consentRequest = defineRoute({
  method: 'GET',
  url: '/api/consent/request',
  summary: 'The pending authorization request a consent page shows',
  tags: ['OAuth'],
  security: ['session'],
  query: consentRequestQuery,
  response: { 200: okData(consentRequestDetails) },
  errors: ['ConsentRequestNotFound', 'ConsentRequestMismatch', 'ConsentScopeNotAllowed'],
});

export const consentAccept = defineRoute({
  method: 'GET',
  url: '/api/consent',
  summary: 'Accept: the consent page navigates here with the request’s handle',
  description:
    'Only from the portal’s own pages (Sec-Fetch-Site same-origin, or a client without it). Answers with a redirect: ' +
    'the code to the client, or the error page.',
  tags: ['OAuth'],
  security: ['session'],
  // Judged by the route, which answers its error page rather than a 400.
  query: judgedByTheRoute(consentRequestQuery),
  response: {},
  otherAnswers: { 302: { description: 'To the client with code and state, to the login page or to the error page' } },
  errors: [],
});

export const loginWithAmazon = defineRoute({
  method: 'POST',
  url: '/api/loginwithamazon',
  summary: 'Login with Amazon’s last step: exchange the code and log in',
  tags: ['Account'],
  body: z
    .strictObject({
      code: z.string().min(1).max(2048),
      // RFC 7636 §4.1: 43 to 128 characters.
      code_verifier: z.string().min(43).max(128),
      link_current_account_to_amazon: z.boolean().optional(),
      return_to: returnToField,
    })
    .meta({ examples: [{ code: 'ANxyz', code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', return_to: null }] }),
  response: { 200: redirectAnswer },
  errors: ['AmazonLoginUnavailable', 'AmazonLinkingUnsupported', 'AmazonLoginFailed', 'EmailAlreadyExists', 'RateLimited'],
});

export type AuthorizedApp = z.infer<typeof authorizedApp>;
export type ConsentRequestQuery = z.infer<typeof consentRequestQuery>;
export type ConsentRequestWire = z.infer<typeof consentRequestDetails>;
export type AuthorizedAppsAnswer = z.infer<(typeof authorizedApps.response)[200]>;
export type RevokeConsentAnswer = z.infer<(typeof revokeConsent.response)[200]>;
export type ConsentRequestAnswer = z.infer<(typeof consentRequest.response)[200]>;
export type LoginWithAmazonRequest = z.input<typeof loginWithAmazon.body>;
