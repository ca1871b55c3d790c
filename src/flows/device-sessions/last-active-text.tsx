import { Plural, useLingui } from '@lingui/react/macro';
import { lastActive } from '#shared-domain/last-active.ts';

/** The Last active column: '< Hour', then whole hours rounded up below 48, then days (shared-domain/last-active.ts). */
export function LastActiveText({ at, now }: { at: number; now: number }) {
  const { t } = useLingui();
  const shown = lastActive(at, now);
  if (shown.unit === 'underHour') return <>{t`< Hour`}</>;
  const { count } = shown;
  return shown.unit === 'hours' ? (
    <Plural value={count} one="# Hour" other="# Hours" />
  ) : (
    <Plural value={count} one="# Day" other="# Days" />
  );
}
