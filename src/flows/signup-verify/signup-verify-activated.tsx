import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Region } from '#shared-domain/account.ts';
import { paths } from '#src/app/paths.ts';

/** product.md §3 regions by the names a reader knows them by. */
const regionNames: Record<Region, MessageDescriptor> = {
  prod: msg`United States`,
  prodca: msg`Canada`,
  beijing: msg`China`,
  ireland: msg`Europe`,
  test: msg`Test`,
  dev: msg`Development`,
};

/** Activated: the region the account lives in, and the way to log in. */
export function SignupVerifyActivated({ region }: { region: Region | null }) {
  const { i18n, t } = useLingui();
  const regionName = region && region in regionNames ? i18n._(regionNames[region]) : region;
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        <Trans>Your account is activated</Trans>
      </Title>
      {regionName ? (
        <Text ta="center" data-testid="region">
          {/* An unknown region is shown as the server named it: t, never Trans, which would parse tags inside it. */}
          {t`Region: ${regionName}`}
        </Text>
      ) : null}
      <Button component={Link} to={paths.login}>
        <Trans>Login</Trans>
      </Button>
    </Stack>
  );
}
