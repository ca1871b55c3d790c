import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** Shown while an existing session is checked or a redirect is followed; nothing to read, only progress. */
export function LoginResuming() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader aria-label={t`Processing`} />
    </Center>
  );
}
