import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { developerErrors } from '../lib/developer-errors.ts';
import { StatusMessage } from './status-message.tsx';

/** product.md §6: what a member who is not the account owner sees in place of an owner-only page (error code 9). */
export function OwnerOnlyNotice() {
  const { i18n } = useLingui();
  return (
    <Stack gap="md" align="center" py="xl">
      <StatusMessage kind="error">{i18n._(developerErrors.NotAnOwnerMessage)}</StatusMessage>
      <Anchor component={Link} to={paths.main}>
        <Trans>Back to the main page</Trans>
      </Anchor>
    </Stack>
  );
}
