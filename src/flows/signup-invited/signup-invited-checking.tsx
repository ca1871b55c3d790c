import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** While the server says whether the invitation still works, and for which address: only progress. */
export function SignupInvitedChecking() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader aria-label={t`Checking your invitation`} />
    </Center>
  );
}
