import { useLingui } from '@lingui/react/macro';
import { signInErrors } from '../lib/sign-in-errors.ts';
import { LockCountdown } from './lock-countdown.tsx';
import { StatusMessage } from './status-message.tsx';

/**
 * The account-locked notice: why (too many failed logins), then, when the end (epoch ms) is known, a second sentence
 * counting down to it; a lock whose duration the server did not say shows the first sentence alone.
 */
export function AccountLockedNotice({ until }: { until: number | null }) {
  const { i18n } = useLingui();
  return (
    <StatusMessage kind="error">
      {i18n._(signInErrors.AccountLocked)}
      {until ? (
        <>
          {' '}
          <LockCountdown until={until} />
        </>
      ) : null}
    </StatusMessage>
  );
}
