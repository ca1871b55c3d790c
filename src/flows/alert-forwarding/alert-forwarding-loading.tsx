import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** loading, and accessDenied while the page navigates away. */
export function AlertForwardingLoading() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader aria-label={t`Loading`} />
    </Center>
  );
}
