import { useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { LeaveSessionEvent, leaveSessionMachine } from '#machines/leave-session/leave-session.machine.ts';
import { commonErrors } from '#src/lib/failure-text.ts';
import { LoginButton } from './login-button.tsx';

interface Props {
  state: SnapshotFrom<typeof leaveSessionMachine>;
  send: (event: LeaveSessionEvent) => void;
}

/** idle and loggingOut of /pages/access-denied. */
export function AccessDeniedNotice({ state, send }: Props) {
  const { i18n } = useLingui();
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        {i18n._(commonErrors.AccessDenied)}
      </Title>
      {/* The server refused a session it holds; its HttpOnly cookie may outlive the readable claims, so always end it. */}
      <LoginButton state={state} onLeave={() => send({ type: 'session.leave', hasSession: true })} />
    </Stack>
  );
}
