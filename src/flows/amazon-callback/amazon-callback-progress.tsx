import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { HiddenPageHeading } from '#src/components/hidden-page-heading.tsx';

/** Every state of /pages/cb: the page only ever passes through on its way to the next one. */
export function AmazonCallbackProgress() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <HiddenPageHeading title={msg`Login with Amazon`} />
      <Stack align="center" gap="sm">
        <Loader role="progressbar" aria-label={t`Signing in with Amazon`} />
        <Text>
          <Trans>Signing in with Amazon…</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
