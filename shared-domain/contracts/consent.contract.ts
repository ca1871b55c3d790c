import { z } from 'zod';
import { redirectAnswer } from './auth.contract.ts';
import { defineRoute, judgedByTheRoute, okData, returnToField } from './contract.ts';

// docs/api/oauth.md: the consent pages, authorized applications and Login with Amazon.

const describe = (description: string) => ({ description });

/** One application the account has allowed (GET /api/authorized_apps): one row per application anyone consented to. */
export const authorizedApp = z.object({
  client_id: z.string(),
  application_name: z.string(),
  consented_by: z.array(z.string()).meta(describe('Friendly names of the account’s users who consented')),
  consented_at: z.number().meta(describe('Epoch milliseconds: the latest consent by anyone in the account')),
  allowed_scope: z
    .string()
    .meta(
      describe(
        'Space-separated resource:permission, the union of what the account’s users consented to, in the grammar’s resource order',
      ),
    ),
  removable: z
    .boolean()
    .meta(
      describe(
        'Whether this caller may remove it: the owner always, a secondary user only what they consented to themselves',
      ),
    ),
  removes: z
    .enum(['account', 'own'])
    .meta(
      describe(
        'What PUT /api/consent/revoke would take away for this caller: `account` for the owner (the application for ' +
          'everyone in the account), `own` for a secondary user (only their own consent)',
      ),
    ),
});

const APP_EXAMPLE = {
  client_id: 'a1b2c3…',
  application_name: 'Care App',
  consented_by: ['Olivia Owner', 'Max Member'],
  consented_at: 1789996400000,
  allowed_scope: 'user:read camera:write alert:read',
  removable: true,
  removes: 'own',
};

export const authorizedApps = defineRoute({
  method: 'GET',
  url: '/api/authorized_apps',
  summary: 'The applications the account has allowed',
  tags: ['Authorized applications'],
  security: ['session'],
  response: {
    200: okData(z.object({ authorized_apps: z.object({ array: z.array(authorizedApp) }) })).meta({
      examples: [{ success: true, data: { authorized_apps: { array: [APP_EXAMPLE] } } }],
    }),
  },
  errors: [],
});

export const revokeConsent = defineRoute({
  method: 'PUT',
  url: '/api/consent/revoke',
  summary: 'Remove an application: for the account (owner) or the caller’s own consent',
  description:
    'The owner removes the application for the whole account; a secondary user only their own consent, with their ' +
    'pending codes and tokens (docs/api/oauth.md "Authorized applications"). Answers the application as the caller ' +
    'now sees it: null once no one in the account has it any more.',
  tags: ['Authorized applications'],
  security: ['session'],
  body: z.strictObject({ client_id: z.string().min(1).max(200) }).meta({ examples: [{ client_id: 'a1b2c3' }] }),
  response: {
    200: okData(z.object({ authorized_app: authorizedApp.nullable() })).meta({
      examples: [{ success: true, data: { authorized_app: null } }],
    }),
  },
  errors: ['ClientNotFound', 'NotYourConsent'],
  errorNotes: {
    ClientNotFound: 'an unknown client',
    NotYourConsent: 'a secondary user asks to remove an application they did not consent to themselves',
    ValidationError: 'a malformed body',
  },
});

const MAX_LENGTH = 2048;

/**
 * The handle of a pending authorization request and, when present, the parameters that must agree with it. Others
 * ride along and are ignored (GET /api/consent/request and GET /api/consent).
 */
const mustAgree = (what: string) =>
  z
    .string()
    .max(MAX_LENGTH)
    .optional()
    .meta(describe(`When present, must be the pending request’s ${what}`));

export const consentRequestQuery = z.object({
  request: z.string().max(MAX_LENGTH).optional().meta(describe('The handle the authorization endpoint gave the page')),
  client_id: mustAgree('client'),
  redirect_uri: mustAgree('redirect URI'),
  scope: mustAgree('scope (compared as a set)'),
});

/** The pending request as the consent pages show it: only what the server stored counts. */
export const consentRequestDetails = z
  .object({
    application_name: z.string().meta(describe('The client’s registered name')),
    owner_name: z
      .string()
      .meta(describe('The account holder of the account that registered the client: the developer')),
    redirect_host: z
      .string()
      .meta(
        describe(
          'The host of the registered redirect URI the answer goes back to; for a native app the loopback address and ' +
            'port (`127.0.0.1:53122`) or the private-use scheme (`com.example.app`)',
        ),
      ),
    native: z
      .boolean()
      .meta(
        describe(
          'The redirect URI belongs to an app on the person’s device: a loopback IP literal or a private-use scheme',
        ),
      ),
    scope: z
      .string()
      .meta(describe('What the request asks, as stored: a secondary user’s owner-only writes narrowed to read')),
    alexa: z
      .boolean()
      .meta(
        describe(
          'An `alexa` scope is asked: Accept then goes through /pages/alexatogether, which refuses a request without one',
        ),
      ),
  })
  .meta({
    examples: [
      {
        application_name: 'Care App',
        owner_name: 'Dana Developer',
        redirect_host: 'client.example',
        native: false,
        scope: 'user:read camera:write',
        alexa: false,
      },
    ],
  });

export const consentRequest = defineRoute({
  method: 'GET',
  url: '/api/consent/request',
  summary: 'The pending authorization request a consent page shows',
  description:
    'From the stored request, never from the query. Other query parameters ride along and are ignored. Answered with ' +
    'Cache-Control: no-store.',
  tags: ['OAuth'],
  security: ['session'],
  query: consentRequestQuery,
  response: { 200: okData(consentRequestDetails) },
  errors: ['ConsentRequestNotFound', 'ConsentRequestMismatch', 'ConsentScopeNotAllowed'],
  errorNotes: {
    ConsentRequestNotFound:
      'no handle, a malformed or unknown one, another user’s request, an expired or answered one, or one whose client ' +
      'no longer registers its redirect URI: one answer for all',
    ConsentRequestMismatch: 'the query names another client, redirect URI or scope than the request',
    ValidationError: 'a repeated or oversized parameter',
    ConsentScopeNotAllowed:
      'the scope is no longer within the user’s rights or the client’s allowed scopes, even narrowed (a user who is ' +
      'no longer the owner gets an owner-only write narrowed to read instead)',
  },
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
  description:
    'Logs in the account linked to the Amazon user, or creates a verified owner account (own group, no API access, no ' +
    'usable password) linked to it; the session opens as with a password login (cookies, device session).',
  tags: ['Account'],
  body: z
    .strictObject({
      code: z.string().min(1).max(2048),
      // RFC 7636 §4.1: 43 to 128 characters.
      code_verifier: z.string().min(43).max(128),
      link_current_account_to_amazon: z
        .boolean()
        .optional()
        .meta(describe('false or absent: linking an existing account is not supported')),
      return_to: returnToField.meta(
        describe('Where to go after: a page of the portal or the authorization URL; anything else answers /pages/main'),
      ),
    })
    .meta({
      examples: [{ code: 'ANxyz', code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', return_to: null }],
    }),
  response: { 200: redirectAnswer.meta({ examples: [{ success: true, redirect: '/pages/main' }] }) },
  errors: [
    'AmazonLoginUnavailable',
    'AmazonLinkingUnsupported',
    'AmazonLoginFailed',
    'EmailAlreadyExists',
    'RateLimited',
  ],
  errorNotes: {
    AmazonLoginFailed: 'Amazon refused the code or verifier, was unreachable, or sent an incomplete profile',
    AmazonLoginUnavailable: 'Login with Amazon is not configured on this server',
    AmazonLinkingUnsupported: '`link_current_account_to_amazon: true`',
    EmailAlreadyExists:
      'no account is linked to this Amazon user, but a portal account has its email: nothing is linked',
    ValidationError: 'malformed input',
    RateLimited: 'limited like POST /api/login',
  },
});

export type AuthorizedApp = z.infer<typeof authorizedApp>;
export type ConsentRequestQuery = z.infer<typeof consentRequestQuery>;
export type ConsentRequestWire = z.infer<typeof consentRequestDetails>;
export type AuthorizedAppsAnswer = z.infer<(typeof authorizedApps.response)[200]>;
export type RevokeConsentAnswer = z.infer<(typeof revokeConsent.response)[200]>;
export type ConsentRequestAnswer = z.infer<(typeof consentRequest.response)[200]>;
export type LoginWithAmazonRequest = z.input<typeof loginWithAmazon.body>;
