import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Checkbox, Stack, TextInput, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { createSignupMachine, SignupEvent } from '#machines/signup/signup.machine.ts';
import { NAME_MAX_LENGTH } from '#shared-domain/account.ts';
import { paths } from '#src/app/paths.ts';
import { useSignupConfig } from '#src/lib/signup-config.ts';
import { BusyButton, MachineForm } from '../busy-button.tsx';
import { LinkRow } from '../centered-layout.tsx';
import { PasswordRequirements } from '../password-requirements.tsx';
import { StatusMessage } from '../status-message.tsx';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { accountErrors } from '#src/lib/account-errors.ts';
import { failureText, invalidFieldName } from '#src/lib/failure-text.ts';
import { EmailField } from '../email-field.tsx';
import { PasswordField } from '../password-field.tsx';

interface Props {
  state: SnapshotFrom<ReturnType<typeof createSignupMachine>>;
  send: (event: SignupEvent) => void;
  /** Direct signup's captcha; the invited page has none. */
  captcha?: ReactNode;
  /** Query the Sign in link carries (return_to…), '' when none. */
  linkSearch?: string;
  /** Invited: the invitation names the address, so the field shows it as plainly not editable. */
  emailFixed?: boolean;
}

/** The form in every state that shows it (editing, submitting), for the direct and the invited signup alike. */
export function SignupForm({ state, send, captcha, linkSearch = '', emailFixed = false }: Props) {
  const { t, i18n } = useLingui();
  const termsUrl = useSignupConfig()?.termsUrl ?? null;
  // Presentation only: the checklist shows while the password field has focus (product.md §2).
  const [passwordFocused, setPasswordFocused] = useState(false);
  const busy = state.hasTag('busy');
  const { email, friendlyName, password, acceptTerms, error } = state.context;

  return (
    <MachineForm
      onSubmit={() => send({ type: 'form.submit' })}
      error={error}
      invalidField={invalidFieldName(error, accountErrors, {
        email: 'email',
        name: 'friendly_name',
        password: 'password',
      })}
    >
      <Stack gap="md">
        <Title order={1} size="h3" ta="center">
          <Trans>Sign up</Trans>
        </Title>
        <StatusMessage kind="error">{error ? failureText(i18n, error, accountErrors) : null}</StatusMessage>
        <EmailField
          value={email}
          readOnly={!state.can({ type: 'form.change', field: 'email', value: email })}
          onValueChange={(value) => send({ type: 'form.change', field: 'email', value })}
          {...(emailFixed
            ? {
                variant: 'filled',
                'aria-readonly': true,
                description: t`The invitation is for this address; it cannot be changed.`,
              }
            : {})}
        />
        <TextInput
          label={t`Name`}
          name="friendly_name"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          value={friendlyName}
          onChange={(event) => send({ type: 'form.change', field: 'friendlyName', value: event.currentTarget.value })}
        />
        <div>
          <PasswordField
            label={t`Password`}
            name="password"
            autoComplete="new-password"
            value={password}
            onValueChange={(value) => send({ type: 'form.change', field: 'password', value })}
            onFocus={() => setPasswordFocused(true)}
            onBlur={() => setPasswordFocused(false)}
          />
          <PasswordRequirements password={password} opened={passwordFocused} />
        </div>
        <Checkbox
          checked={acceptTerms}
          onChange={(event) => send({ type: event.currentTarget.checked ? 'terms.accept' : 'terms.decline' })}
          label={
            termsUrl ? (
              <Trans>
                I accept the{' '}
                <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer">
                  terms and conditions
                </Anchor>
              </Trans>
            ) : (
              <Trans>I accept the terms and conditions</Trans>
            )
          }
        />
        {captcha}
        <BusyButton type="submit" fullWidth busy={busy} enabled={state.can({ type: 'form.submit' })}>
          <Trans>Sign up</Trans>
        </BusyButton>
        <LinkRow>
          <Anchor component={Link} to={paths.login + linkSearch} size="sm">
            <Trans>Sign in instead</Trans>
          </Anchor>
        </LinkRow>
      </Stack>
    </MachineForm>
  );
}
