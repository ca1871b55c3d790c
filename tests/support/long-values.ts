/**
 * The worst values a page can be asked to show: a 100-character unbroken application name, a 254-character e-mail
 * (the longest address there is), a long unbroken URI and a long error_description. seedLongValues puts them where
 * the pages read them; tests/support/overflow-pages.ts lists the pages and dialogs that show them, for the overflow
 * browser test (tests/e2e/overflow.spec.ts) and the screenshot gallery (scripts/screenshots.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { findUserByEmail } from '#server/modules/users/users.repository.ts';
import { authorizeUrl, authorizeWithConsent, navigate, registerClient } from './oauth-client.ts';
import { linkPath, waitForMail } from './outbox.ts';
import { createUser, loginCookie, sameOrigin, type TestServer } from './server.ts';

export const LOCALES = ['en-us', 'zh-cn', 'ja-jp', 'zh-hk', 'fi-fi'] as const;
export const WIDTHS = [320, 375, 768, 1280, 1600] as const;

export const LONG_APP_NAME = longAppName('A');
/** 100 characters (the most an application name may have), none of them a place to break the line. */
export function longAppName(prefix: string): string {
  return `${prefix}pplication${'X'.repeat(100 - prefix.length - 10)}`;
}
/** 64-character local part (the limit) and labels of at most 63 characters: 254 in all. */
function longEmail(local: string): string {
  return `${local.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
}
export const LONG_EMAIL = longEmail('a');
/** The address the seeded owner invites: the invited sign-up page shows it. */
export const LONG_INVITED_EMAIL = longEmail('i');
export const LONG_NAME = `Person${'N'.repeat(94)}`;
export const LONG_ERROR_DESCRIPTION = `unexpected_${'e'.repeat(300)}`;
/** A redirect URI and a webhook URL alike: https on a public host, 263 characters without a break. */
export const LONG_URI = `https://client.example/${'callback'.repeat(30)}`;

/**
 * The server settings a run with these values needs: every language's pass creates one more authorization code grant
 * (the create-grant dialog's last step), more than the five a group may have by default.
 */
export const LONG_VALUES_SERVER_ENV = { CLIENT_CAP_PER_GRANT_TYPE: '20' } as const;

export interface SeededData {
  cookie: string;
  consentPath: string;
  /** The invitation link (path and query) of LONG_INVITED_EMAIL, unused so that its form shows. */
  invitationPath: string;
  /** client_uid of a client credentials grant with alert forwarding set up (webhook LONG_URI), and of one without. */
  forwardingUid: string;
  unforwardedUid: string;
}

/**
 * Creates the long-valued owner (with a company id, so Stop Sending V3 Alerts is offered) and a second session of
 * theirs to revoke, grants of each type with the long name (one with alert forwarding), an application consented to,
 * a pending consent request and an invitation to the long address.
 */
export async function seedLongValues(server: TestServer): Promise<SeededData> {
  await createUser(server, {
    email: LONG_EMAIL,
    name: LONG_NAME,
    owner: true,
    apiAccess: true,
    companyId: 'LONG-VALUES',
  });
  const user = (await findUserByEmail(server.db, LONG_EMAIL))!;
  const web = await registerClient(server, user, {
    grantType: 'authorization_code',
    applicationName: LONG_APP_NAME,
    redirectUris: [LONG_URI],
  });
  const consented = await registerClient(server, user, {
    grantType: 'authorization_code',
    applicationName: longAppName('B'),
    redirectUris: [LONG_URI],
  });
  const forwarding = await registerClient(server, user, {
    grantType: 'client_credentials',
    applicationName: longAppName('C'),
  });
  const unforwarded = await registerClient(server, user, {
    grantType: 'client_credentials',
    applicationName: longAppName('E'),
  });
  const cookie = await loginCookie(server, LONG_EMAIL);
  // Another device's session: the device sessions table offers Revoke on every row but the current one.
  await loginCookie(server, LONG_EMAIL);
  // One application already consented to, so authorized-apps has a row with the long name.
  await authorizeWithConsent(server, cookie, {
    client: consented,
    scope: 'user:read camera:write alert:read',
    redirectUri: LONG_URI,
  });
  const first = await navigate(
    await authorizeUrl(server, { client: web, scope: 'user:read camera:write alert:read', redirectUri: LONG_URI }),
    cookie,
  );
  if (first.status !== 302 || !first.location?.startsWith('/pages/consent?')) {
    throw new Error(`authorize did not lead to the consent page: ${first.status} ${first.location}`);
  }
  await post(server, cookie, '/api/invitations', { email: LONG_INVITED_EMAIL });
  const invitation = await waitForMail(server, LONG_INVITED_EMAIL, { kind: 'invitation' });
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await post(server, cookie, `/api/alert_forwarding_config/${forwarding.client.clientUid}`, {
    url: LONG_URI,
    public_rsa_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  return {
    cookie,
    consentPath: first.location,
    invitationPath: linkPath(invitation),
    forwardingUid: forwarding.client.clientUid,
    unforwardedUid: unforwarded.client.clientUid,
  };
}

/** A same-origin JSON POST as the signed-in owner, as the page would send it; anything but 200 stops the seeding. */
async function post(server: TestServer, cookie: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: sameOrigin(server, { cookie }),
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
}

/** Puts the seeded user's session cookies into a browser context. */
export async function signIn(context: BrowserContext, server: TestServer, cookie: string): Promise<void> {
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
    }),
  );
}

/** The language the page is shown in: the query parameter outranks everything (src/app/i18n.ts). */
export function inLocale(path: string, locale: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}language=${locale}`;
}
