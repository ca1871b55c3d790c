import { useMachine } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { consentMachine } from '../../../machines/consent/consent.machine.ts';
import { sentConsentRequest } from '../../api/oauth.ts';
import { usePageData } from '../../lib/page-data.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { UnknownAuthorizationRequest } from '../../components/unknown-authorization-request.tsx';
import { useFollowUrl } from '../../lib/navigation.ts';
import { useReturnToLoginWhen } from '../../lib/return-to-login.ts';
import { useProvidedMachine } from '../../lib/use-provided-machine.ts';
import { ConsentLoading } from './consent-loading.tsx';
import { ConsentRefused } from './consent-refused.tsx';
import { ConsentRequest } from './consent-request.tsx';
import { consentActors } from './consent.actors.ts';
import { msg } from '@lingui/core/macro';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * Owns the consent actor (/pages/consent?request=<handle>&…the spec's parameters) and picks the view. What the page
 * shows comes from the server's record of the request its handle names; the rest of the query decides nothing.
 */
export function ConsentPage() {
  usePageTitle(msg`Authorize an application`);
  const { search } = useLocation();
  // Sent with the page by the server when it could describe the request (src/lib/page-data.ts): no spinner first.
  const sent = usePageData();
  const follow = useFollowUrl();
  const machine = useProvidedMachine(consentMachine, {
    actions: { navigate: (_args, { url }: { url: string }) => follow(url) },
    actors: consentActors,
  });
  const [state, send] = useMachine(machine, {
    input: { search: search.replace(/^\?/, ''), preloaded: sentConsentRequest(sent) },
  });
  const ended = state.matches('sessionEnded');
  useReturnToLoginWhen(ended);

  return (
    <CenteredLayout>
      {state.matches('loading') || ended ? (
        <ConsentLoading />
      ) : state.matches('unknownRequest') ? (
        <UnknownAuthorizationRequest />
      ) : state.context.error !== null ? (
        <ConsentRefused state={state} send={send} />
      ) : (
        <ConsentRequest state={state} send={send} />
      )}
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { ConsentPage as Component };
