import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { HiddenPageHeading } from './hidden-page-heading.tsx';

/** checking: nothing signed-in shows until the server has confirmed the session. */
export function SessionChecking() {
  const { t } = useLingui();
  return (
    <Center mih="60vh">
      <HiddenPageHeading title={msg`Monitoring service`} />
      <Loader role="progressbar" aria-label={t`Checking your session`} />
    </Center>
  );
}
