import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** sessionEnded: the session is over; on the way to the login page, which brings the reader back. */
export function SessionEnded() {
  const { t } = useLingui();
  return (
    <Center mih="60vh">
      <Loader aria-label={t`Going to the login page`} />
    </Center>
  );
}
