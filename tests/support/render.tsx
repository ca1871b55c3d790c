import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { waitFor as pollUntil, render, screen, type waitForOptions } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { expect } from 'vitest';
import { messages as enMessages } from '#locales/en-us/messages.po';
import { theme } from '#src/app/theme.ts';
import { PAGE_DATA_ELEMENT_ID } from '#src/lib/page-data.ts';

i18n.load('en-us', enMessages as never);
i18n.activate('en-us');

/**
 * Renders routes as the app does (Mantine with transitions and portals off, the English catalog, a memory router)
 * starting at `url`; `extraRoutes` stand in for pages a flow navigates to, so a test can see where it landed.
 */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const utils = render(
    <MantineProvider theme={theme} env="test">
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </MantineProvider>,
  );
  return { ...utils, router };
}

/**
 * Testing Library's waitFor, polling every 5 ms instead of 50: much of what a step waits on is outside the DOM (a
 * request reaching its handler, focus moving, a timer giving focus back) and wakes no MutationObserver, so each wait
 * slept a whole 50 ms poll, on every step of every path.
 */
export function waitFor<T>(callback: () => T | Promise<T>, options?: waitForOptions): Promise<T> {
  return pollUntil(callback, { interval: 5, ...options });
}

export type TestRouter = ReturnType<typeof createMemoryRouter>;

/** The address the reader is at: path, query and hash, as the address bar shows it. */
export function urlOf(router: TestRouter): string {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}

/**
 * The router is at exactly `url`, query and hash included (a route pattern or a path alone would let a lost
 * `return_to` or a wrong email through); waits for a navigation still on its way.
 */
export async function expectUrl(router: TestRouter, url: string): Promise<void> {
  await waitFor(() => expect(urlOf(router)).toBe(url));
}

/** After a navigation to another page: the exact address, and the stand-in page of `landing` there on show. */
export async function expectLanded(router: TestRouter, url: string): Promise<void> {
  await expectUrl(router, url);
  expect(await screen.findByTestId('landed')).toHaveTextContent(new URL(url, 'http://x').pathname);
}

/**
 * No error message on show (a stale one from an earlier attempt included), and no field marked invalid; `allowed`
 * matches the words of a message about the page itself, which may stay.
 */
export function expectNoAlert(within: ParentNode = document, allowed?: RegExp): void {
  const alerts = Array.from(within.querySelectorAll('[role="alert"]'), (alert) => alert.textContent ?? '');
  expect(alerts.filter((text) => !allowed?.test(text))).toEqual([]);
  expect(Array.from(within.querySelectorAll('[aria-invalid="true"]')).map(nameOf)).toEqual([]);
}

/**
 * Decision 0009 after a failure: focus is on the field the error is about, marked aria-invalid and described by the
 * message, or, when it is about no field, on the message itself; no other field is marked.
 */
export async function expectErrorFocus(alert: HTMLElement, field: HTMLElement | null): Promise<void> {
  const form = alert.closest('form, [role="dialog"]') ?? document.body;
  const marked = Array.from(form.querySelectorAll('[aria-invalid="true"]'));
  if (field) {
    expect(marked).toEqual([field]);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(alert.textContent ?? ''));
  } else expect(marked.map(nameOf)).toEqual([]);
  const target = field ?? alert;
  await waitFor(() => expect(document.activeElement).toBe(target));
}

/**
 * Decision 0009 once a dialog is gone: focus is back on the control that opened it, found anew (the page may have
 * redrawn it), when the page still offers it; a control gone or disabled for good (its row deleted) cannot take it.
 */
export async function expectFocusBackOn(control: () => HTMLElement | null): Promise<void> {
  const now = control();
  if (!now || now.hasAttribute('disabled')) return;
  await waitFor(() => expect(document.activeElement).toBe(control()));
}

/** Decision 0009 when a form appears: its first field has focus. */
export async function expectFirstFieldFocused(field: HTMLElement): Promise<void> {
  await waitFor(() => expect(document.activeElement).toBe(field));
}

/**
 * Replaces a field's value in one edit, as pasting or autofill does: the model's step is the field's new value, and a
 * key at a time re-renders the whole page once per character, which was most of a view test's time.
 */
export async function fillIn(user: Pick<UserEvent, 'clear' | 'paste'>, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.paste(value);
}

const nameOf = (element: Element) => element.getAttribute('name') ?? element.id;

/** A stand-in page that only names where the flow navigated to. */
export function landing(path: string): RouteObject {
  return { path, element: (<p data-testid="landed">{path}</p>) as ReactElement };
}

/** Sets the public-claims cookie the server sets beside the HttpOnly session cookie. */
export function setSessionClaims(claims: { apiAccess: boolean; isGroupOwner: boolean }): void {
  const value = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  document.cookie = `sid_claims=${value}; path=/`;
}

/** Removes the public-claims cookie: the browser of someone not signed in. */
export function clearSessionClaims(): void {
  document.cookie = 'sid_claims=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

/** Writes the data block the server puts into a page it rendered with data (server/modules/site/page-document.ts). */
export function sendWithPage(url: string, data: unknown): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_DATA_ELEMENT_ID;
  block.textContent = JSON.stringify({ url, data });
  document.head.append(block);
}

export function forgetSentData(): void {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
}
