import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { CreateGrantEvent, createGrantMachine } from '#machines/create-grant/create-grant.machine.ts';
import { APPLICATION_NAME_MAX_LENGTH, foreignRedirectUris, nativeRedirectUris } from '#shared-domain/credentials.ts';
import { BusyButton, MachineForm } from '#src/components/busy-button.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { invalidFieldName, requestProblemText } from '#src/lib/failure-text.ts';
import '@mantine/core/styles/Alert.layer.css';

interface Props {
  state: SnapshotFrom<typeof createGrantMachine>;
  send: (event: CreateGrantEvent) => void;
}

/** editing and creating (busy). */
export function CreateGrantForm({ state, send }: Props) {
  const { t, i18n } = useLingui();
  const { grantType, applicationName, redirectUris, error, limits } = state.context;
  const busy = state.hasTag('busy');
  const host = window.location.origin;
  // product.md §5 URIWarning: a warning, not an error; the form still submits.
  const foreign = grantType === 'authorization_code' ? foreignRedirectUris(redirectUris, host) : [];
  // A native app's loopback address or own scheme is never on the portal's host: a neutral hint, not the warning.
  const native = grantType === 'authorization_code' ? nativeRedirectUris(redirectUris) : [];
  // The server's limits, as GET /api/credentials stated them.
  const maxUris = limits.redirect_uris_per_grant;
  const maxLength = limits.redirect_uri_length;
  const limitOf = (code: string) => (code === 'RedirectUriTooLong' ? maxLength : maxUris);
  const errorText = !error
    ? null
    : typeof error === 'string'
      ? i18n._({ ...developerErrors[error], values: { limit: limitOf(error) } })
      : requestProblemText(i18n, error);
  return (
    <MachineForm
      onSubmit={() => send({ type: 'form.submit' })}
      error={error}
      invalidField={invalidFieldName(error, developerErrors, {
        name: 'application_name',
        redirectUris: 'redirect_uris',
      })}
    >
      <Stack gap="md">
        <Text size="sm">
          {grantType === 'authorization_code' ? (
            <Trans>Grant type: Authorization code</Trans>
          ) : (
            <Trans>Grant type: Client credentials</Trans>
          )}
        </Text>
        <StatusMessage kind="error">{errorText}</StatusMessage>
        <TextInput
          label={t`Application name`}
          name="application_name"
          description={t`Leave empty to use the default name "Not Found". The name cannot be changed later.`}
          maxLength={APPLICATION_NAME_MAX_LENGTH}
          value={applicationName}
          disabled={busy}
          onChange={(event) =>
            send({ type: 'form.change', field: 'applicationName', value: event.currentTarget.value })
          }
        />
        {grantType === 'authorization_code' ? (
          <Textarea
            label={t`Redirect URIs`}
            name="redirect_uris"
            description={t`One URI per line, at most ${maxUris}, each at most ${maxLength} characters; required for an authorization code grant.`}
            rows={4}
            value={redirectUris}
            disabled={busy}
            onChange={(event) => send({ type: 'form.change', field: 'redirectUris', value: event.currentTarget.value })}
          />
        ) : null}
        {foreign.map((uri) => (
          <Alert key={uri} color="yellow" variant="light" role="status" data-testid="uri-warning">
            {t`${uri} does not start with ${host}. Check that it is the address you mean.`}
          </Alert>
        ))}
        {native.map((uri) => (
          <Alert key={uri} color="gray" variant="light" role="status" data-testid="uri-native">
            {t`${uri} is the address of an app on the user’s device (a native app), not of a website.`}
          </Alert>
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            disabled={!state.can({ type: 'form.back' })}
            onClick={() => send({ type: 'form.back' })}
          >
            <Trans>Back</Trans>
          </Button>
          <Group gap="sm">
            <Button
              variant="default"
              disabled={!state.can({ type: 'dialog.close' })}
              onClick={() => send({ type: 'dialog.close' })}
            >
              <Trans>Cancel</Trans>
            </Button>
            <BusyButton type="submit" busy={busy} enabled={state.can({ type: 'form.submit' })}>
              <Trans>Create</Trans>
            </BusyButton>
          </Group>
        </Group>
      </Stack>
    </MachineForm>
  );
}
