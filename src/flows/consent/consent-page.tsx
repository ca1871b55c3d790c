import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { consentMachine } from '#machines/consent/consent.machine.ts';
import { sentConsentRequest } from '#src/api/oauth.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { UnknownAuthorizationRequest } from '#src/components/unknown-authorization-request.tsx';
import { useFollowUrl } from '#src/lib/navigation.ts';
import { usePageData } from '#src/lib/page-data.ts';
import { useReturnToLoginWhen } from '#src/lib/return-to-login.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { consentActors } from './consent.actors.ts';
import { ConsentLoading } from './consent-loading.tsx';
import { ConsentRefused } from './consent-refused.tsx';
import { ConsentRequest } from './consent-request.tsx';

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
