import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** opening: the moment before the page has read its request; nothing to read yet. */
export function ConsentOpening() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader aria-label={t`Loading`} />
    </Center>
  );
}
