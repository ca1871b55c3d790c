import { useState, type ReactNode } from 'react';
import { Anchor, Checkbox, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { createSignupMachine, SignupEvent, SignupField } from '../../../machines/signup/signup.machine.ts';
import { NAME_MAX_LENGTH } from '../../../shared-domain/account.ts';
import { paths } from '../../app/paths.ts';
import { LinkRow } from '../centered-layout.tsx';
import { PasswordRequirements } from '../password-requirements.tsx';
import { BusyButton, MachineForm } from '../busy-button.tsx';
import { StatusMessage } from '../status-message.tsx';
import { failureText } from '../../lib/error-messages.ts';
import { invalidFieldName } from '../../lib/use-focus-first-invalid.ts';
import { useSignupConfig } from '../../lib/signup-config.ts';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { EmailField } from '../email-field.tsx';

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
  const change = (field: SignupField) => (event: { currentTarget: { value: string } }) =>
    send({ type: 'form.change', field, value: event.currentTarget.value });

  return (
    <MachineForm
      onSubmit={() => send({ type: 'form.submit' })}
      error={error}
      invalidField={invalidFieldName(error, { email: 'email', name: 'friendly_name', password: 'password' })}
    >
      <Stack gap="md">
        <Title order={1} size="h3" ta="center">
          <Trans>Sign up</Trans>
        </Title>
        <StatusMessage kind="error">
          {error ? failureText(i18n, error) : null}
        </StatusMessage>
        <EmailField
          value={email}
          readOnly={!state.can({ type: 'form.change', field: 'email', value: email })}
          onValueChange={(value) => send({ type: 'form.change', field: 'email', value })}
          {...(emailFixed
            ? { variant: 'filled', 'aria-readonly': true, description: t`The invitation is for this address; it cannot be changed.` }
            : {})}
        />
        <TextInput
          label={t`Name`}
          name="friendly_name"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          value={friendlyName}
          onChange={change('friendlyName')}
        />
        <div>
          <PasswordInput
            label={t`Password`}
            name="password"
            autoComplete="new-password"
            value={password}
            visibilityToggleButtonProps={{ 'aria-label': t`Show or hide password`, tabIndex: 0 }}
            onChange={change('password')}
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
