import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { HiddenPageHeading } from '#src/components/hidden-page-heading.tsx';

/** While the reset token is checked: nothing to read yet, only progress. */
export function PasswordResetLoading() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <HiddenPageHeading title={msg`Set a new password`} />
      <Loader role="progressbar" aria-label={t`Checking your link`} />
    </Center>
  );
}
