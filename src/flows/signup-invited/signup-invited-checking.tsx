import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { HiddenPageHeading } from '#src/components/hidden-page-heading.tsx';

/** While the server says whether the invitation still works, and for which address: only progress. */
export function SignupInvitedChecking() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <HiddenPageHeading title={msg`Invitation`} />
      <Loader role="progressbar" aria-label={t`Checking your invitation`} />
    </Center>
  );
}
