import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Image, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '#src/app/paths.ts';
import illustration from '#src/assets/monitoring-illustration.svg';
import { AuthenticatedShell } from '#src/components/app-shell.tsx';
import { usePageTitle } from '#src/lib/use-page-title.ts';

/** product.md §2's placeholder landing page: an image and a Logout button, inside the signed-in shell. */
export function MainPage() {
  usePageTitle(msg`Account`);
  const { t } = useLingui();
  return (
    <AuthenticatedShell>
      <Stack align="center" gap="lg" py="xl">
        <Title order={1} size="h3">
          <Trans>You are signed in</Trans>
        </Title>
        <Image src={illustration} alt={t`Camera watching over a room`} maw={360} />
        <Button component={Link} to={paths.logout}>
          <Trans>Logout</Trans>
        </Button>
      </Stack>
    </AuthenticatedShell>
  );
}

export { MainPage as Component };
