import { Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

interface Props {
  label: string;
  value: string;
  /** The copy button's accessible name, e.g. "Copy client ID". */
  copyLabel: string;
  /** A stable handle for tests, whatever the language. */
  testId: string;
}

/** A value to hand to another program: shown in full (selectable) beside a copy button. */
export function CopyField({ label, value, copyLabel, testId }: Props) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all', flex: 1 }} data-testid={testId}>
          {value}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} aria-label={copied ? undefined : copyLabel}>
              {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
