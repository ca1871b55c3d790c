import { type ReactNode, useId } from 'react';
import classes from './status-message.module.css';

/**
 * product.md §4: green for success, red for errors, grey for a notice, nothing at all when there is no message. Mantine's Alert look
 * without Alert itself: every form of the first screen shows this box, and the component (icon, title and close
 * slots this box never uses) was 0.6 KB gzip of the login page's first load.
 */
export function StatusMessage({ kind, children }: { kind: 'success' | 'error' | 'notice'; children?: ReactNode }) {
  // An error is where focus goes when it is about no field, and what an invalid field's aria-describedby names.
  const id = useId();
  if (children === null || children === undefined || children === '') return null;
  return (
    <div
      id={id}
      className={`${classes.message} ${classes[kind]}`}
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={kind === 'error' ? -1 : undefined}
    >
      {children}
    </div>
  );
}
