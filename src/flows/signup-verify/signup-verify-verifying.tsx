import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** While the activation link is checked: nothing to read, only progress. */
export function SignupVerifyVerifying() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader aria-label={t`Activating your account`} />
    </Center>
  );
}
