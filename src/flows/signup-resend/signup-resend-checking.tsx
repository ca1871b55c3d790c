import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** While the server says whether the account still needs verification: nothing to read, only progress. */
export function SignupResendChecking() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader aria-label={t`Processing`} />
    </Center>
  );
}
