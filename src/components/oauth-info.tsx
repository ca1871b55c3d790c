import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack } from '@mantine/core';
import type { OAuthEndpoints } from '#shared-domain/credentials.ts';
import { CopyField } from './copy-field.tsx';
import '@mantine/core/styles/Alert.layer.css';

interface Props {
  clientId: string;
  /** Present only right after a credential is made or its secret changed: it is never available again. */
  secret?: string | null;
  /** The credential's scopes, space separated. */
  scope: string;
  /** Absolute URLs of this portal's authorization server; null until the server said them. */
  endpoints: OAuthEndpoints | null;
  /** The secret is on the clipboard: the dialog may close without asking. */
  onSecretCopied?: () => void;
}

/** The OAuth information dialog's body: client_id, once the secret, the scopes and the endpoints, each copyable. */
export function OAuthInfo({ clientId, secret, scope, endpoints, onSecretCopied }: Props) {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <CopyField label={t`Client ID`} value={clientId} copyLabel={t`Copy client ID`} testId="client-id" />
      {secret ? (
        <>
          <CopyField
            label={t`Client secret`}
            value={secret}
            copyLabel={t`Copy client secret`}
            testId="client-secret"
            onCopied={onSecretCopied}
          />
          <Alert color="orange" variant="light" role="note" data-testid="secret-warning">
            <Trans>Copy the secret now and keep it safe: it will not be available again.</Trans>
          </Alert>
        </>
      ) : null}
      <CopyField label={t`Scopes`} value={scope} copyLabel={t`Copy scopes`} testId="client-scope" />
      {endpoints ? (
        <>
          <CopyField
            label={t`Authorization endpoint`}
            value={endpoints.authorization_endpoint}
            copyLabel={t`Copy authorization endpoint`}
            testId="authorization-endpoint"
          />
          <CopyField
            label={t`Token endpoint`}
            value={endpoints.token_endpoint}
            copyLabel={t`Copy token endpoint`}
            testId="token-endpoint"
          />
        </>
      ) : null}
    </Stack>
  );
}
