import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef } from 'react';

interface Props {
  label: string;
  value: string;
  /** The copy button's accessible name, e.g. "Copy client ID". */
  copyLabel: string;
  /** A stable handle for tests, whatever the language. */
  testId: string;
  /** A line under the label saying what the value is for. */
  description?: ReactNode;
  /** Called once the clipboard really holds the value (not on a click whose copy failed). */
  onCopied?: () => void;
}

const copiedVars = () => ({ root: { '--button-hover': 'var(--mantine-color-teal-9)' } });

/** A value to hand to another program: shown in full (selectable) beside a copy button. */
export function CopyField({ label, value, copyLabel, testId, description, onCopied }: Props) {
  const clipboard = useClipboard({ timeout: 1000 });
  const latest = useRef(onCopied);
  latest.current = onCopied;
  useEffect(() => {
    if (clipboard.copied) latest.current?.();
  }, [clipboard.copied]);
  const { copied } = clipboard;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {description ? (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
      <Group gap="xs" wrap="nowrap" align="center">
        {/* pre-wrap keeps a PEM key's lines: collapsed into spaces, the text a reader selects and copies is no key. */}
        <Text
          ff="monospace"
          size="sm"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1 }}
          data-testid={testId}
        >
          {value}
        </Text>
        <Button
          size="compact-sm"
          variant={copied ? 'filled' : 'light'}
          // teal.9: white on Mantine's default teal shade is 2.6:1, below the 4.5:1 text needs. Its hover is teal.9
          // too: Mantine hovers a shade-9 colour to shade 8 (3.9:1), and the pointer is still there after the click.
          color={copied ? 'teal.9' : undefined}
          vars={copied ? copiedVars : undefined}
          onClick={() => clipboard.copy(value)}
          aria-label={copied ? undefined : copyLabel}
        >
          {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
        </Button>
      </Group>
    </Stack>
  );
}
