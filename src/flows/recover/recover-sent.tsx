import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { RecoverEvent, recoverMachine } from '#machines/recover/recover.machine.ts';
import { paths } from '#src/app/paths.ts';
import { LinkRow } from '#src/components/centered-layout.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';
import { requestProblemText } from '#src/lib/failure-text.ts';
import { useHydrated } from '#src/lib/hydration.ts';

interface Props {
  state: SnapshotFrom<typeof recoverMachine>;
  send: (event: RecoverEvent) => void;
  linkSearch: string;
}

/** The confirmation that replaces the form: success, and resending (busy) from it. */
export function RecoverSent({ state, send, linkSearch }: Props) {
  const { i18n, t } = useLingui();
  const { sentTo, resend } = state.context;
  const email = sentTo ?? '';
  const busy = state.hasTag('busy');
  // A script's button, offered once React has the page (see ActionButton).
  const hydrated = useHydrated();

  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        <Trans>Check your email</Trans>
      </Title>
      <Text ta="center" data-testid="recover-confirmation">
        {/* The address is what was typed or came in the link: t, never Trans, which would parse tags inside it. */}
        {t`We have sent a link to set a new password to ${email}.`}
      </Text>
      {resend?.kind === 'resent' ? (
        <StatusMessage kind="success">{i18n._(accountErrors.WeHaveResentTheRecoverEmail)}</StatusMessage>
      ) : null}
      {resend?.kind === 'failed' ? (
        <StatusMessage kind="error">
          {resend.problem
            ? requestProblemText(i18n, resend.problem)
            : (resend.serverMessage ?? i18n._(accountErrors.AnErrorOccurredWhenResending))}
        </StatusMessage>
      ) : null}
      <LinkRow>
        <Group gap="xs">
          <Text span size="sm">
            <Trans>Did not get it?</Trans>
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            aria-busy={busy}
            disabled={!state.can({ type: 'recovery.resend' }) || !hydrated}
            onClick={() => send({ type: 'recovery.resend' })}
          >
            <Trans>Resend</Trans>
          </Anchor>
          {busy ? <Loader size="xs" /> : null}
        </Group>
        <Anchor component={Link} to={paths.login + linkSearch} size="sm">
          <Trans>Sign in instead</Trans>
        </Anchor>
      </LinkRow>
    </Stack>
  );
}
