import type { ReactNode } from 'react';
import { Button, Loader, type ButtonProps } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

interface Props extends ButtonProps {
  /** The machine's `busy` tag: the button is disabled and says Processing with a spinner (spec §4). */
  busy: boolean;
  /** False when the machine cannot take the button's event now (`state.can`). */
  enabled: boolean;
  children: ReactNode;
  type?: 'button' | 'submit';
  onClick?: () => void;
}

/** Every button that starts a server call looks and behaves the same while the call runs. */
export function BusyButton({ busy, enabled, children, type = 'button', onClick, ...rest }: Props) {
  return (
    <Button
      {...rest}
      type={type}
      onClick={onClick}
      disabled={busy || !enabled}
      leftSection={busy ? <Loader size="xs" color="gray" /> : rest.leftSection}
    >
      {busy ? <Trans>Processing</Trans> : children}
    </Button>
  );
}

/** A form whose submission is one machine event; the browser's own validation stays off (the machine validates). */
export function MachineForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
