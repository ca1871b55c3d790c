import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '#src/app/paths.ts';

/** The page title, the credential's name when known, and Back to the credentials list (product.md §2). */
export function AlertForwardingHeader({ name }: { name: string | null }) {
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={2}>
        <Title order={1} size="h3">
          <Trans>Alert forwarding</Trans>
        </Title>
        {name ? (
          <Text size="sm" c="dimmed" data-testid="credential-name">
            {name}
          </Text>
        ) : null}
      </Stack>
      <Button variant="default" component={Link} to={paths.credentials}>
        <Trans>Back</Trans>
      </Button>
    </Group>
  );
}
