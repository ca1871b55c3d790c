import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';

/** loading: the list is on its way. */
export function DeviceSessionsLoading() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader role="progressbar" aria-label={t`Loading device sessions`} />
    </Center>
  );
}
