import { useLingui } from '@lingui/react/macro';
import { List, Stack, Text, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { ConsentEvent, consentMachine } from '#machines/consent/consent.machine.ts';
import { displayScopes, type Resource } from '#shared-domain/scopes.ts';
import { RequestOrigin } from '#src/components/request-origin.tsx';
import { resourceNames } from '#src/lib/scope-names.ts';
import { ConsentActions } from './consent-actions.tsx';
import '@mantine/core/styles/List.layer.css';

interface Props {
  state: SnapshotFrom<typeof consentMachine>;
  send: (event: ConsentEvent) => void;
}

/**
 * asking, and the three ways of leaving it (accepting, continuingToAlexa, cancelling): the request as the server
 * stored it. The registered name is user-controlled text: `t` only, never <Trans>.
 */
export function ConsentRequest({ state, send }: Props) {
  const { t } = useLingui();
  const { request, scopes } = state.context;
  const { manage, view } = displayScopes(scopes);
  if (!request) return null;
  const { applicationName } = request;
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        {t`Allow ${applicationName} to access your account?`}
      </Title>
      <Text>
        {t`${applicationName} asks for permission to use the following data. Allow it only if you trust this application.`}
      </Text>
      <RequestOrigin request={request} />
      <ScopeGroup label={t`Manage`} resources={manage} />
      <ScopeGroup label={t`View`} resources={view} />
      <ConsentActions state={state} send={send} />
    </Stack>
  );
}

function ScopeGroup({ label, resources }: { label: string; resources: Resource[] }) {
  const { i18n } = useLingui();
  if (resources.length === 0) return null;
  return (
    <section aria-label={label}>
      <Title order={2} size="h5" mb={4}>
        {label}
      </Title>
      <List>
        {resources.map((resource) => (
          <List.Item key={resource}>{i18n._(resourceNames[resource])}</List.Item>
        ))}
      </List>
    </section>
  );
}
