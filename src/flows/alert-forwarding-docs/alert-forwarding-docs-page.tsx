import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Container, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import documentation from '#docs/api/alert-forwarding.md?raw';
import { paths } from '#src/app/paths.ts';
import logoUrl from '#src/assets/logo.svg';
import { Markdown } from '#src/components/markdown.tsx';
import { usePageTitle } from '#src/lib/use-page-title.ts';

/**
 * The alert forwarding documentation as a page of the portal (/pages/docs/alert-forwarding): the very file the
 * server's tests run, built into this page's chunk, so it describes the server this build talks to. Public: it holds
 * no secret, and a developer may share the address.
 */
export function AlertForwardingDocsPage() {
  usePageTitle(msg`Alert forwarding documentation`);
  const { t } = useLingui();
  return (
    <Container size="md" py="xl">
      <Group justify="space-between" mb="md">
        <img src={logoUrl} alt={t`Monitoring service`} width={70} />
        <Anchor component={Link} to={paths.credentials} size="sm">
          <Trans>OAuth credentials</Trans>
        </Anchor>
      </Group>
      {/* The documentation is written in English only; the page around it follows the reader's language. */}
      <article lang="en">
        <Markdown source={documentation} />
      </article>
    </Container>
  );
}

export { AlertForwardingDocsPage as Component };
