import { useLingui } from '@lingui/react/macro';
import { errorMessages } from '../lib/error-messages.ts';
import { LockCountdown } from './lock-countdown.tsx';
import { StatusMessage } from './status-message.tsx';

/**
 * Spec §2 "account-locked notice": too many failed logins. With a known end (epoch ms) it counts down to it; a lock
 * whose duration the server did not say shows the sentence alone.
 */
export function AccountLockedNotice({ until }: { until: number | null }) {
  const { i18n } = useLingui();
  return (
    <StatusMessage kind="error">
      {i18n._(errorMessages.AccountLocked)}
      {until ? (
        <>
          {' '}
          <LockCountdown until={until} />
        </>
      ) : null}
    </StatusMessage>
  );
}
