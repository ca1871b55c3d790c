import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '#tests/support/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * As the pages do it: the dialog is mounted, already open, while the machine is in a state, and unmounted after.
 * `reloading`: afterwards the page reloads for a moment, its button disabled (credentials) or drawn anew (`redraw`).
 */
function Opener({ reloadMs = 0, redraw = false }: { reloadMs?: number; redraw?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!reloading) return undefined;
    const timer = setTimeout(() => {
      setReloading(false);
      if (redraw) setGeneration((n) => n + 1);
    }, reloadMs);
    return () => clearTimeout(timer);
  }, [reloading, reloadMs, redraw]);
  const close = () => {
    setConfirming(false);
    if (reloadMs > 0) setReloading(true);
  };
  return (
    <>
      <Button key={generation} disabled={confirming || reloading} onClick={() => setConfirming(true)}>
        Remove
      </Button>
      <Button>Elsewhere</Button>
      {confirming ? (
        <ConfirmDialog
          title="Remove it?"
          confirmLabel="Yes, remove"
          error={null}
          busy={false}
          canConfirm
          canClose
          onConfirm={close}
          onClose={close}
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

  it.each([
    ['disabled while the page reloads', { reloadMs: 300 }],
    ['drawn anew by the reload', { reloadMs: 300, redraw: true }],
  ])('gives focus back to the opener %s, once it is there again', async (_label, props) => {
    renderRoutes([{ path: '/', element: <Opener {...props} /> }], '/');
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Remove' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    screen.getByRole('button', { name: 'Yes, remove' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus());
  });
});
