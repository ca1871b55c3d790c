import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { HiddenPageHeading } from '#src/components/hidden-page-heading.tsx';

/** While the server says whether the account still needs verification: nothing to read, only progress. */
export function SignupResendChecking() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <HiddenPageHeading title={msg`Verify your email`} />
      <Loader role="progressbar" aria-label={t`Processing`} />
    </Center>
  );
}
