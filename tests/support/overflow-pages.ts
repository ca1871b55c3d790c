/**
 * Every page and every dialog a user can open, showing the long values tests/support/long-values.ts seeds: what the
 * overflow browser test (tests/e2e/overflow.spec.ts) checks and the screenshot gallery (scripts/screenshots.ts) shows.
 * Controls are found by the words of the page's language (uiText), or by their place where the words hold a value.
 */
import type { Locator, Page } from 'playwright-core';
import { LONG_EMAIL, LONG_ERROR_DESCRIPTION, LONG_URI, longAppName, type SeededData } from './long-values.ts';
import { clickAfterScrollingTable } from './overflow-check.ts';

/** A message in the language of the page under test (see uiText). */
export type Say = (english: string) => string;

export interface OverflowStep {
  name: string;
  /** From the state before (the page as loaded, for a dialog's first step) to this one; resolves once it shows. */
  act: (page: Page, say: Say) => Promise<void>;
}

export interface OverflowDialog {
  name: string;
  /** The first opens the dialog at the narrowest width; each state is checked (or photographed) in turn. */
  steps: OverflowStep[];
  /** Back to the page without a dialog; Escape by default. */
  close?: (page: Page, say: Say) => Promise<void>;
}

export type PageGroup = 'public' | 'account' | 'developer';

export interface OverflowPage {
  name: string;
  path: string;
  /** Public pages need no session; account and developer pages are the signed-in shell's (developer: API access). */
  group: PageGroup;
  /** Resolves once the page shows what it is about (the long value), beyond the network going quiet. */
  ready?: (page: Page, say: Say) => Promise<void>;
  dialogs?: OverflowDialog[];
}

const dialog = (page: Page) => page.getByRole('dialog');
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const shown = (page: Page, testId: string) => page.getByTestId(testId).waitFor();
/** The first row's button in a table's last column (Delete, Revoke, Remove), reached the way a phone user does. */
const lastColumnAction = (page: Page) =>
  clickAfterScrollingTable(page, page.locator('tbody tr > td:last-child').getByRole('button').first());
const simple = (name: string, open: OverflowStep['act']): OverflowDialog => ({ name, steps: [{ name, act: open }] });
let grantsCreated = 0;
/** A dialog that shows a secret once: Close asks first, Close anyway closes. */
const closeUncopied: OverflowDialog['close'] = async (page, say) => {
  if (!(await page.getByTestId('discard-question').isVisible())) await button(dialog(page), say('Close')).click();
  await button(dialog(page), say('Close anyway')).click();
};

export function overflowPages(seeded: SeededData): OverflowPage[] {
  const forwarding = `/pages/alert-forwarding-config?client_uid=${seeded.forwardingUid}`;
  return [
    { name: 'login', path: `/pages/login`, group: 'public' },
    { name: 'recover', path: `/pages/recover`, group: 'public' },
    { name: 'signup', path: `/pages/signup`, group: 'public' },
    { name: 'signup-verify', path: `/pages/signup/verify?email=${encodeURIComponent(LONG_EMAIL)}`, group: 'public' },
    // The form with the invited address, fixed by the server, in its read-only field.
    {
      name: 'signup-invited',
      path: seeded.invitationPath,
      group: 'public',
      ready: (page, say) => page.getByLabel(say('Email'), { exact: true }).waitFor(),
    },
    { name: 'signup-resend', path: `/pages/signup/resend`, group: 'public' },
    { name: 'password-reset', path: `/pages/password/reset?token=nonsense`, group: 'public' },
    {
      name: 'error',
      path: `/pages/error?error_description=${encodeURIComponent(LONG_ERROR_DESCRIPTION)}`,
      group: 'public',
    },
    { name: 'access-denied', path: `/pages/access-denied`, group: 'public' },
    { name: 'not-found', path: `/pages/${'nowhere'.repeat(20)}`, group: 'public' },
    {
      name: 'main',
      path: `/pages/main`,
      group: 'account',
      dialogs: [simple('navigation drawer', (page, say) => button(page, say('Open navigation menu')).click())],
    },
    { name: 'consent', path: seeded.consentPath, group: 'account' },
    {
      name: 'authorized-apps',
      path: `/pages/authorized-apps`,
      group: 'account',
      dialogs: [simple('remove', lastColumnAction)],
    },
    {
      name: 'device-sessions',
      path: `/pages/device-sessions`,
      group: 'account',
      dialogs: [
        simple('revoke', lastColumnAction),
        simple('revoke all', (page, say) => button(page, say('Revoke All')).click()),
      ],
    },
    {
      name: 'credentials',
      path: `/pages/credentials`,
      group: 'developer',
      dialogs: [
        // Delete on the long-named row: its confirmation repeats the name.
        simple('delete', lastColumnAction),
        simple('oauth information', (page, say) => button(page, say('OAuth information')).first().click()),
        simple('change secret', (page, say) => button(page, say('Change')).first().click()),
        {
          name: 'create grant',
          steps: [
            { name: 'choosing', act: (page, say) => button(page, say('Create Grant')).click() },
            {
              // The longest name and a URI on another host, which the form repeats in its warning.
              name: 'form',
              act: async (page, say) => {
                await button(dialog(page), say('Authorization code')).click();
                // Application names are unique: each language's pass creates its own.
                await dialog(page)
                  .getByLabel(say('Application name'))
                  .fill(longAppName(`D${++grantsCreated}`));
                await dialog(page).getByLabel(say('Redirect URIs')).fill(LONG_URI);
                await shown(page, 'uri-warning');
              },
            },
            {
              name: 'created',
              act: async (page, say) => {
                await button(dialog(page), say('Create')).click();
                await shown(page, 'client-secret');
              },
            },
            {
              name: 'close uncopied',
              act: async (page, say) => {
                await button(dialog(page), say('Close')).click();
                await shown(page, 'discard-question');
              },
            },
          ],
          close: closeUncopied,
        },
      ],
    },
    {
      // Credential name, webhook and keys on the page; every dialog over it.
      name: 'alert-forwarding',
      path: forwarding,
      group: 'developer',
      ready: (page) => shown(page, 'webhook-url'),
      dialogs: [
        simple('edit webhook', (page, say) => button(page, say('Edit webhook URL')).click()),
        simple('edit key', (page, say) => button(page, say('Edit RSA public key')).click()),
        {
          name: 'acquire new keys',
          steps: [
            { name: 'confirm', act: (page, say) => button(page, say('Acquire New Keys')).click() },
            {
              name: 'keys',
              act: async (page, say) => {
                await button(dialog(page), say('Acquire New Keys')).click();
                await shown(page, 'example-alert');
              },
            },
            {
              name: 'close uncopied',
              act: async (page, say) => {
                await button(dialog(page), say('Close')).click();
                await shown(page, 'discard-question');
              },
            },
          ],
          close: closeUncopied,
        },
        simple('clear data', (page, say) => button(page, say('Clear Data')).click()),
        simple('stop v3 alerts', (page, say) => button(page, say('Stop Sending V3 Alerts')).click()),
      ],
    },
    {
      name: 'alert-forwarding-setup',
      path: `/pages/alert-forwarding-config?client_uid=${seeded.unforwardedUid}`,
      group: 'developer',
      ready: (page) => shown(page, 'not-configured'),
      dialogs: [
        simple('set up', async (page, say) => {
          await button(page, say('Set Up Alert Forwarding')).click();
          await dialog(page).getByLabel(say('Webhook URL')).fill(LONG_URI);
        }),
      ],
    },
    {
      // A link to a credential that is not there: the error dialog opens by itself.
      name: 'alert-forwarding-error',
      path: `/pages/alert-forwarding-config?client_uid=${'u'.repeat(200)}`,
      group: 'developer',
      ready: (page) => dialog(page).waitFor(),
    },
    { name: 'alert-forwarding-docs', path: `/pages/docs/alert-forwarding`, group: 'developer' },
  ];
}
