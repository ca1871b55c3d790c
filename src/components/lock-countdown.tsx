import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';

/** The lock time in minutes and seconds, as the second sentence of the lock notice; it counts down to the end. */
export function LockCountdown({ until }: { until: number }) {
  const { t } = useLingui();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const remaining = Math.max(0, Math.ceil((until - now) / 1000));
  const minutes = Math.floor(remaining / 60);
  const seconds = remaining % 60;
  const time = t`${minutes} min ${seconds} s`;
  return <span data-testid="lock-countdown">{t`Try again in ${time}.`}</span>;
}
