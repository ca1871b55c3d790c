import { Alert, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyField } from './copy-field.tsx';

interface Props {
  clientId: string;
  /** Present only right after a credential is made or its secret changed: it is never available again. */
  secret?: string | null;
}

/** The OAuth information dialog's body: client_id and, once, the secret, each with a copy button. */
export function OAuthInfo({ clientId, secret }: Props) {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <CopyField label={t`Client ID`} value={clientId} copyLabel={t`Copy client ID`} testId="client-id" />
      {secret ? (
        <>
          <CopyField label={t`Client secret`} value={secret} copyLabel={t`Copy client secret`} testId="client-secret" />
          <Alert color="orange" variant="light" role="note" data-testid="secret-warning">
            <Trans>Copy the secret now and keep it safe: it will not be available again.</Trans>
          </Alert>
        </>
      ) : null}
    </Stack>
  );
}
