import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';

/** The token is unknown, used or expired: say so and offer a fresh recovery mail. */
export function PasswordResetInvalid({ recoverHref }: { recoverHref: string }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        <Trans>Set a new password</Trans>
      </Title>
      <StatusMessage kind="error">{i18n._(accountErrors.InvalidRecoveryLink)}</StatusMessage>
      <Anchor component={Link} to={recoverHref}>
        <Trans>Send a new recovery email</Trans>
      </Anchor>
    </Stack>
  );
}
