import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';

/** sessionEnded: the session is over; the page is on its way to the login page, which brings the reader back. */
export function AuthorizedAppsEnded() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader role="progressbar" aria-label={t`Going to the login page`} />
    </Center>
  );
}
