import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '#src/app/paths.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { useHasSessionCookie } from '#src/lib/page-env.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';

/**
 * Any address the router does not know (and the statechart gallery when it is not served). Keeps the spec's generic
 * title, but in the portal's frame and the reader's language, with the way back in: the main page for someone signed
 * in, the login page otherwise. Nothing from the address is shown.
 */
export function NotFoundPage() {
  usePageTitle(msg`Page not found`);
  const target = useHasSessionCookie() ? paths.main : paths.login;
  return (
    <CenteredLayout>
      <Stack gap="md" align="center">
        <Title order={1} size="h3" ta="center">
          <Trans>Unexpected Application Error!</Trans>
        </Title>
        <Text ta="center" data-testid="not-found">
          <Trans>Page not found: there is nothing at this address.</Trans>
        </Text>
        <Button component={Link} to={target}>
          {target === paths.main ? <Trans>Go to the main page</Trans> : <Trans>Go to the login page</Trans>}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}

export { NotFoundPage as Component };
