import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** While the reset token is checked: nothing to read yet, only progress. */
export function PasswordResetLoading() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader aria-label={t`Checking your link`} />
    </Center>
  );
}
