import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '#src/app/i18n.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { RequestOrigin } from './request-origin.tsx';

const request = {
  ownerName: 'Olli Owner',
  redirectHost: 'example.org',
  native: false,
} as Parameters<typeof RequestOrigin>[0]['request'];

afterEach(() => act(() => activateLocale('en-us')));

describe('who asks, on the consent pages', () => {
  it('says in Japanese who registered the application, as a whole sentence', async () => {
    await act(() => activateLocale('ja-jp'));
    renderRoutes([{ path: '/', element: <RequestOrigin request={request} /> }], '/');
    // Not "Olli Owner の開発者アカウントが登録" ("Olli Owner's developer account registered"), which stops mid-clause.
    expect(await screen.findByTestId('request-owner')).toHaveTextContent(
      'Olli Owner の開発者アカウントにより登録されたアプリケーションです',
    );
  });
});
