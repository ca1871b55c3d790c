/**
 * The worst values a page can be asked to show, and the pages to show them on: a 100-character unbroken application
 * name, a 254-character e-mail (the longest address there is) and a long error_description. The overflow browser test
 * (tests/e2e/overflow.spec.ts) and the screenshot gallery (scripts/screenshots.ts) both seed and visit these.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { findUserByEmail } from '../../server/modules/users/users.repository.ts';
import { authorizeUrl, authorizeWithConsent, navigate, registerClient } from './oauth-client.ts';
import { createUser, loginCookie, type TestServer } from './server.ts';

export const LOCALES = ['en-us', 'zh-cn', 'ja-jp', 'zh-hk', 'fi-fi'] as const;
export const WIDTHS = [320, 375, 768, 1280, 1600] as const;

export const LONG_APP_NAME = longAppName('A');
/** 100 characters (the most an application name may have), none of them a place to break the line. */
function longAppName(prefix: string): string {
  return `${prefix}pplication${'X'.repeat(100 - prefix.length - 10)}`;
}
// 64-character local part (the limit) and labels of at most 63 characters: 254 in all.
export const LONG_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
export const LONG_NAME = `Person${'N'.repeat(94)}`;
export const LONG_ERROR_DESCRIPTION = `unexpected_${'e'.repeat(300)}`;
export const LONG_URI = `https://client.example/${'callback'.repeat(30)}`;

export interface OverflowPage {
  name: string;
  path: string;
  signedIn: boolean;
  /** Opens a dialog on the page (whatever the language); the dialog is then checked too. */
  openDialog?: (page: Page) => Promise<void>;
}

export interface SeededData {
  cookie: string;
  consentPath: string;
  pages: OverflowPage[];
}

/** Creates the long-valued user, a grant of each type with the long name, and a pending consent request. */
export async function seedLongValues(server: TestServer): Promise<SeededData> {
  await createUser(server, { email: LONG_EMAIL, name: LONG_NAME, owner: true, apiAccess: true });
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
  await registerClient(server, user, { grantType: 'client_credentials', applicationName: longAppName('C') });
  const cookie = await loginCookie(server, LONG_EMAIL);
  // One application already consented to, so authorized-apps has a row with the long name.
  await authorizeWithConsent(server, cookie, { client: consented, scope: 'user:read camera:write alert:read', redirectUri: LONG_URI });
  const first = await navigate(await authorizeUrl(server, { client: web, scope: 'user:read camera:write alert:read', redirectUri: LONG_URI }), cookie);
  if (first.status !== 302 || !first.location?.startsWith('/pages/consent?')) {
    throw new Error(`authorize did not lead to the consent page: ${first.status} ${first.location}`);
  }
  const consentPath = first.location;
  const pages: OverflowPage[] = [
    { name: 'login', path: `/pages/login`, signedIn: false },
    { name: 'recover', path: `/pages/recover`, signedIn: false },
    { name: 'signup', path: `/pages/signup`, signedIn: false },
    { name: 'signup-verify', path: `/pages/signup/verify?email=${encodeURIComponent(LONG_EMAIL)}`, signedIn: false },
    { name: 'signup-resend', path: `/pages/signup/resend`, signedIn: false },
    { name: 'password-reset', path: `/pages/password/reset?token=nonsense`, signedIn: false },
    { name: 'error', path: `/pages/error?error_description=${encodeURIComponent(LONG_ERROR_DESCRIPTION)}`, signedIn: false },
    { name: 'access-denied', path: `/pages/access-denied`, signedIn: false },
    { name: 'not-found', path: `/pages/${'nowhere'.repeat(20)}`, signedIn: false },
    { name: 'main', path: `/pages/main`, signedIn: true },
    { name: 'consent', path: consentPath, signedIn: true },
    {
      name: 'credentials',
      path: `/pages/credentials`,
      signedIn: true,
      // Delete on the long-named row: its confirmation repeats the name.
      openDialog: (page) => page.locator('tbody tr').first().getByRole('button').last().click(),
    },
    {
      name: 'authorized-apps',
      path: `/pages/authorized-apps`,
      signedIn: true,
      openDialog: (page) => page.locator('tbody tr').first().getByRole('button').last().click(),
    },
    { name: 'device-sessions', path: `/pages/device-sessions`, signedIn: true },
    { name: 'alert-forwarding-docs', path: `/pages/docs/alert-forwarding`, signedIn: true },
  ];
  return { cookie, consentPath, pages };
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
