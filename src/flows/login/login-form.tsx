import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { LoginEvent, loginMachine } from '#machines/login/login.machine.ts';
import { LOGIN_PASSWORD_MAX_LENGTH } from '#shared-domain/login.ts';
import { paths } from '#src/app/paths.ts';
import { AccountLockedNotice } from '#src/components/account-locked-notice.tsx';
import { BusyButton, MachineForm } from '#src/components/busy-button.tsx';
import { LinkRow } from '#src/components/centered-layout.tsx';
import { EmailField } from '#src/components/email-field.tsx';
import { PasswordField } from '#src/components/password-field.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { failureText, invalidFieldName } from '#src/lib/failure-text.ts';
import { useHydrated } from '#src/lib/hydration.ts';
import { arrivedAfterSessionEnded } from '#src/lib/return-to-login.ts';
import { signInErrors } from '#src/lib/sign-in-errors.ts';
import { useWideScreen } from '#src/lib/use-wide-screen.ts';

interface Props {
  state: SnapshotFrom<typeof loginMachine>;
  send: (event: LoginEvent) => void;
}

/** The form in every state that shows it: editing, submitting (busy) and locked (waiting out the lock). */
export function LoginForm({ state, send }: Props) {
  const { t, i18n } = useLingui();
  const { search, state: arrival } = useLocation();
  // A history entry keeps its state across a reload, which the server's first screen knows nothing of: the notice
  // waits for hydration so both renders agree.
  const sessionEnded = useHydrated() && arrivedAfterSessionEnded(arrival);
  // product.md §2.1: query parameters ride along on the links only on wide screens.
  const wide = useWideScreen(search !== '');
  const carried = wide ? search : '';
  const busy = state.hasTag('busy');
  const { error, lockedUntil, username, password } = state.context;

  return (
    <MachineForm
      onSubmit={() => send({ type: 'form.submit' })}
      error={error}
      invalidField={invalidFieldName(error, signInErrors, { email: 'username', password: 'password' })}
    >
      <Stack gap="md">
        <Title order={1} size="h3" ta="center">
          <Trans>Sign in</Trans>
        </Title>
        {error?.code === 'AccountLocked' ? (
          <AccountLockedNotice until={state.matches('locked') ? lockedUntil : null} />
        ) : (
          <StatusMessage kind="error">{error ? failureText(i18n, error, signInErrors) : null}</StatusMessage>
        )}
        {!error && sessionEnded ? (
          <StatusMessage kind="notice">
            <Trans>Your session has ended. Log in again to continue.</Trans>
          </StatusMessage>
        ) : null}
        <EmailField
          name="username"
          autoComplete="username"
          value={username}
          onValueChange={(value) => send({ type: 'form.change', field: 'username', value })}
        />
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
          value={password}
          onValueChange={(value) => send({ type: 'form.change', field: 'password', value })}
        />
        <BusyButton type="submit" fullWidth busy={busy} enabled={state.can({ type: 'form.submit' })}>
          <Trans>Log in</Trans>
        </BusyButton>
        <LinkRow>
          <Anchor component={Link} to={paths.recover + carried} size="sm">
            <Trans>Forgot password?</Trans>
          </Anchor>
          <Anchor component={Link} to={paths.signup + carried} size="sm">
            <Trans>Sign up</Trans>
          </Anchor>
        </LinkRow>
      </Stack>
    </MachineForm>
  );
}
