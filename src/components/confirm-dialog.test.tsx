import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { renderRoutes } from '../../tests/support/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** As the pages do it: the dialog is mounted, already open, while the machine is in a state, and unmounted after. */
function Opener() {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button onClick={() => setConfirming(true)}>Remove</Button>
      <Button>Elsewhere</Button>
      {confirming ? (
        <ConfirmDialog
          title="Remove it?"
          confirmLabel="Yes, remove"
          error={null}
          busy={false}
          canConfirm
          canClose
          onConfirm={() => setConfirming(false)}
          onClose={() => setConfirming(false)}
        >
          It cannot be undone.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

describe('confirm dialog focus', () => {
  it.each([
    ['Cancel', 'Cancel'],
    ['confirming', 'Yes, remove'],
  ])('gives focus back to the control that opened it after %s, by keyboard', async (_label, button) => {
    renderRoutes([{ path: '/', element: <Opener /> }], '/');
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Remove' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    screen.getByRole('button', { name: button }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives focus back after Escape', async () => {
    renderRoutes([{ path: '/', element: <Opener /> }], '/');
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Remove' });
    opener.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
