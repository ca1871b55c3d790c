import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { HiddenPageHeading } from '#src/components/hidden-page-heading.tsx';

/** loading (and sessionEnded, on its way to the login page): nothing to read until the server has described the request. */
export function ConsentLoading() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <HiddenPageHeading title={msg`Authorize an application`} />
      <Loader role="progressbar" aria-label={t`Loading`} />
    </Center>
  );
}
