import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
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
