import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** loading (and sessionEnded, on its way to the login page): nothing to read until the server has described the request. */
export function ConsentLoading() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader aria-label={t`Loading`} />
    </Center>
  );
}
