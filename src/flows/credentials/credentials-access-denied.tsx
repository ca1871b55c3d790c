import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '#src/app/paths.ts';
import { developerErrors } from '#src/lib/developer-errors.ts';

/** accessDenied (code 80): the account owner's group has no API access. A way out, as the owner-only notice has. */
export function CredentialsAccessDenied() {
  const { i18n } = useLingui();
  return (
    <Stack gap="md" align="center" py="xl">
      <Title order={1} size="h3">
        {i18n._(developerErrors.AccessDenied)}
      </Title>
      <Text size="sm">
        <Trans>This account does not have API access.</Trans>
      </Text>
      <Anchor component={Link} to={paths.main}>
        <Trans>Back to the main page</Trans>
      </Anchor>
    </Stack>
  );
}
