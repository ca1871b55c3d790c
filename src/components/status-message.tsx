import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

/** Spec §4: green for success, red for errors, nothing at all when there is no message. */
export function StatusMessage({ kind, children }: { kind: 'success' | 'error'; children?: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Alert color={kind === 'success' ? 'green' : 'red'} variant="light" role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </Alert>
  );
}
