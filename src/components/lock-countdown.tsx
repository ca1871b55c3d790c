import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';

/** Spec §8: the lock time in minutes and seconds; it counts down so the reader knows when to try again. */
export function LockCountdown({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const remaining = Math.max(0, Math.ceil((until - now) / 1000));
  const minutes = Math.floor(remaining / 60);
  const seconds = remaining % 60;
  return (
    <span data-testid="lock-countdown">
      <Trans>
        Try again in {minutes} min {seconds} s.
      </Trans>
    </span>
  );
}
