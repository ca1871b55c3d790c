import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { HiddenPageHeading } from '#src/components/hidden-page-heading.tsx';

/** loading, and accessDenied while the page navigates away. */
export function AlertForwardingLoading() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <HiddenPageHeading title={msg`Alert forwarding`} />
      <Loader role="progressbar" aria-label={t`Loading`} />
    </Center>
  );
}
