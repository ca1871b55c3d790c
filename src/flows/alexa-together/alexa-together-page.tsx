import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { alexaTogetherMachine } from '../../../machines/alexa-together/alexa-together.machine.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { useFollowUrl } from '../../lib/navigation.ts';
import { AlexaTogetherRequest } from './alexa-together-request.tsx';

/** Owns the Alexa Together actor (/pages/alexatogether?scope&client_id&tracking_id&…); every state shows the request. */
export function AlexaTogetherPage() {
  const { search } = useLocation();
  const follow = useFollowUrl();
  const machine = useMemo(
    () => alexaTogetherMachine.provide({ actions: { navigate: (_args, { url }: { url: string }) => follow(url) } }),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const query = search.replace(/^\?/, '');
  const [state, send] = useMachine(machine, { input: { search: query } });
  return (
    <CenteredLayout>
      <AlexaTogetherRequest
        state={state}
        send={send}
        applicationName={new URLSearchParams(query).get('application_name') ?? ''}
      />
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { AlexaTogetherPage as Component };
