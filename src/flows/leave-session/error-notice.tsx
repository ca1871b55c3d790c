import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { LeaveSessionEvent, leaveSessionMachine } from '../../../machines/leave-session/leave-session.machine.ts';
import { errorDescriptionKey, errorMessages } from '../../lib/error-messages.ts';
import { hasSessionCookie } from '../../lib/session.ts';
import { LoginButton } from './login-button.tsx';

interface Props {
  state: SnapshotFrom<typeof leaveSessionMachine>;
  send: (event: LeaveSessionEvent) => void;
  description: string | null;
}

/** idle and loggingOut of /pages/error: the translated error_description, or the raw one when it is not known. */
export function ErrorNotice({ state, send, description }: Props) {
  const { i18n } = useLingui();
  const key = description ? errorDescriptionKey(description) : null;
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        <Trans>An error occurred</Trans>
      </Title>
      {description ? (
        <Text ta="center" data-testid="error-description">
          {/* Unknown values come from the query: React escapes them, and they are never a link or markup. */}
          {key ? i18n._(errorMessages[key]) : description}
        </Text>
      ) : null}
      <LoginButton state={state} onLeave={() => send({ type: 'session.leave', hasSession: hasSessionCookie() })} />
    </Stack>
  );
}
