import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { consentMachine } from '../../../machines/consent/consent.machine.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { useFollowUrl } from '../../lib/navigation.ts';
import { readSessionClaims } from '../../lib/session.ts';
import { ConsentOpening } from './consent-opening.tsx';
import { ConsentRefused } from './consent-refused.tsx';
import { ConsentRequest } from './consent-request.tsx';

/** Owns the consent actor (/pages/consent?scope&application_name&…the authorization request) and picks the view. */
export function ConsentPage() {
  const { search } = useLocation();
  const follow = useFollowUrl();
  const machine = useMemo(
    () => consentMachine.provide({ actions: { navigate: (_args, { url }: { url: string }) => follow(url) } }),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const [state, send] = useMachine(machine);

  // The request is read once, when the page opens; a second open (StrictMode) is ignored by the machine.
  useEffect(() => {
    send({ type: 'request.open', search: search.replace(/^\?/, ''), claims: readSessionClaims() });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const refused = state.context.error !== null;
  return (
    <CenteredLayout>
      {state.matches('opening') ? (
        <ConsentOpening />
      ) : refused ? (
        <ConsentRefused state={state} send={send} />
      ) : (
        <ConsentRequest state={state} send={send} />
      )}
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { ConsentPage as Component };
