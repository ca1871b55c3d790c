import { Trans } from '@lingui/react/macro';
import { type ButtonProps, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { ActionButton } from './action-button.tsx';

interface Props extends ButtonProps {
  /** The machine's `busy` tag: the button is disabled and says Processing with a spinner (product.md §4). */
  busy: boolean;
  /** False when the machine cannot take the button's event now (`state.can`). */
  enabled: boolean;
  children: ReactNode;
  type?: 'button' | 'submit';
  onClick?: () => void;
}

/**
 * Every button that starts a server call looks and behaves the same while the call runs; like every ActionButton, it
 * is offered once React has the page.
 */
export function BusyButton({ busy, enabled, children, type = 'button', onClick, ...rest }: Props) {
  return (
    <ActionButton
      {...rest}
      type={type}
      onClick={onClick}
      disabled={busy || !enabled}
      leftSection={busy ? <Loader size="xs" color="gray" /> : rest.leftSection}
    >
      {busy ? <Trans>Processing</Trans> : children}
    </ActionButton>
  );
}

interface FormProps {
  onSubmit: () => void;
  children: ReactNode;
  /** The error the form shows (any value; a new one moves focus to it), null or absent when none. */
  error?: unknown;
  /** The `name` of the input the error is about (invalidFieldName), null when it is about no field. */
  invalidField?: string | null;
  /** False for a form that appears where focusing its first field would be wrong; true by default. */
  focusFirst?: boolean;
}

/**
 * A form whose submission is one machine event; the browser's own validation stays off (the machine validates).
 * Every such form handles focus the same way: see useFocusFirstInvalid.
 */
export function MachineForm({ onSubmit, children, error = null, invalidField = null, focusFirst = true }: FormProps) {
  const ref = useFocusFirstInvalid<HTMLFormElement>({ error, invalidField, focusFirst });
  return (
    <form
      ref={ref}
      // Were the browser ever to submit it itself (before the scripts run), the fields go in a body, never into the
      // address, the history and the server's logs.
      method="post"
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
