import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { LeaveSessionEvent, leaveSessionMachine } from '#machines/leave-session/leave-session.machine.ts';
import { errorPageMessageKey, oauthErrors } from '#src/lib/oauth-errors.ts';
import { hasSessionCookie } from '#src/lib/session.ts';
import { LoginButton } from './login-button.tsx';

interface Props {
  state: SnapshotFrom<typeof leaveSessionMachine>;
  send: (event: LeaveSessionEvent) => void;
  /** The query's `error` and `error_description`: codes to translate, never text to show. */
  error: string | null;
  description: string | null;
}

/** idle and loggingOut of /pages/error: the words for the query's error code, never the query's own text. */
export function ErrorNotice({ state, send, error, description }: Props) {
  const { i18n } = useLingui();
  const key = errorPageMessageKey(error, description);
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        <Trans>An error occurred</Trans>
      </Title>
      {key ? (
        <Text ta="center" data-testid="error-description">
          {i18n._(oauthErrors[key])}
        </Text>
      ) : null}
      <LoginButton state={state} onLeave={() => send({ type: 'session.leave', hasSession: hasSessionCookie() })} />
    </Stack>
  );
}
