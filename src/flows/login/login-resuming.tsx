import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Loader, Stack } from '@mantine/core';
import { HiddenPageHeading } from '#src/components/hidden-page-heading.tsx';

/** Shown while an existing session is checked or a redirect is followed; nothing to read, only progress. */
export function LoginResuming() {
  const { t } = useLingui();
  return (
    <Stack align="center" py="xl">
      <HiddenPageHeading title={msg`Log in`} />
      <Loader role="progressbar" aria-label={t`Processing`} />
    </Stack>
  );
}
