import { useId, type ReactNode } from 'react';
import { Alert } from '@mantine/core';

/** product.md §4: green for success, red for errors, nothing at all when there is no message. */
export function StatusMessage({ kind, children }: { kind: 'success' | 'error'; children?: ReactNode }) {
  // An error is where focus goes when it is about no field, and what an invalid field's aria-describedby names.
  const id = useId();
  if (children === null || children === undefined || children === '') return null;
  return (
    <Alert
      id={id}
      color={kind === 'success' ? 'green' : 'red'}
      variant="light"
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={kind === 'error' ? -1 : undefined}
    >
      {children}
    </Alert>
  );
}
