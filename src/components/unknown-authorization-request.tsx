import { Trans } from '@lingui/react/macro';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.ts';

/**
 * The consent and Alexa Together pages when the server did not send this request to this user (none, forged,
 * expired, answered, another user's, or a query naming something else): nothing can be accepted here, and the way on
 * is the portal's main page.
 */
export function UnknownAuthorizationRequest() {
  return (
    <Stack gap="md" align="center" data-testid="unknown-authorization-request">
      <Title order={1} size="h3" ta="center">
        <Trans>This authorization request is not valid</Trans>
      </Title>
      <Text ta="center">
        <Trans>
          It may have expired or been answered already, or the link did not come from this portal. No access was
          granted. To connect an application, start again from that application.
        </Trans>
      </Text>
      <Button component={Link} to={paths.main}>
        <Trans>Go to the main page</Trans>
      </Button>
    </Stack>
  );
}
