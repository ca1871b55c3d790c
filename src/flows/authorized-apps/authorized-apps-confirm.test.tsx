import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CARE, CARE_OWN } from '#machines/authorized-apps/authorized-apps.model-cases.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { renderRoutes, setSessionClaims } from '#tests/support/render.tsx';
import { AuthorizedAppsPage } from './authorized-apps-page.tsx';

const server = setupMswServer();
const NAME = '<script>alert(1)</script> & <b>Co</b>';

describe('authorized applications: a name with markup', () => {
  it.each([
    [CARE, `${NAME} will no longer be able to access the account, for everyone in it.`],
    [
      CARE_OWN,
      `This removes only your own consent: ${NAME} will no longer be able to access the account on your behalf.`,
    ],
  ])(
    'is shown literally in the table and the confirmation (removes $removes), without a console error',
    async (app, sentence) => {
      const consoleError = vi.spyOn(console, 'error');
      const row = {
        client_id: app.clientId,
        application_name: NAME,
        consented_by: app.consentedBy,
        consented_at: app.consentedAt,
        allowed_scope: app.allowedScope,
        removable: app.removable,
        removes: app.removes,
      };
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get('/api/authorized_apps', () =>
          HttpResponse.json({ success: true, data: { authorized_apps: { array: [row] } } }),
        ),
      );
      setSessionClaims({ apiAccess: false, isGroupOwner: app.removes === 'account' });
      renderRoutes([{ path: '/pages/authorized-apps', element: <AuthorizedAppsPage /> }], '/pages/authorized-apps');
      expect(await screen.findByRole('cell', { name: NAME })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: `Remove ${NAME}` }));
      const dialog = screen.getByRole('dialog', { name: 'Remove application?' });
      expect(dialog).toHaveTextContent(sentence, { normalizeWhitespace: false });
      expect(document.querySelector('main script, main b, [role="dialog"] script, [role="dialog"] b')).toBeNull();
      expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeEnabled();
      expect(consoleError).not.toHaveBeenCalled();
      consoleError.mockRestore();
    },
  );
});
