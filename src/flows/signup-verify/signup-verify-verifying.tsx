import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { HiddenPageHeading } from '#src/components/hidden-page-heading.tsx';

/** While the activation link is checked: nothing to read, only progress. */
export function SignupVerifyVerifying() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <HiddenPageHeading title={msg`Account activation`} />
      <Loader role="progressbar" aria-label={t`Activating your account`} />
    </Center>
  );
}
