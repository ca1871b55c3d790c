import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** checking: nothing signed-in shows until the server has confirmed the session. */
export function SessionChecking() {
  const { t } = useLingui();
  return (
    <Center mih="60vh">
      <Loader aria-label={t`Checking your session`} />
    </Center>
  );
}
