import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { HiddenPageHeading } from './hidden-page-heading.tsx';

/** sessionEnded: the session is over; on the way to the login page, which brings the reader back. */
export function SessionEnded() {
  const { t } = useLingui();
  return (
    <Center mih="60vh">
      <HiddenPageHeading title={msg`Monitoring service`} />
      <Loader role="progressbar" aria-label={t`Going to the login page`} />
    </Center>
  );
}
