import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { minutesSeconds } from '../lib/failure-text.ts';

/** The lock time in minutes and seconds, as the second sentence of the lock notice; it counts down to the end. */
export function LockCountdown({ until }: { until: number }) {
  const { t, i18n } = useLingui();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const time = minutesSeconds(i18n, (until - now) / 1000);
  return <span data-testid="lock-countdown">{t`Try again in ${time}.`}</span>;
}
