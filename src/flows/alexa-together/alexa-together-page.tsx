import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { alexaTogetherMachine } from '#machines/alexa-together/alexa-together.machine.ts';
import { sentConsentRequest } from '#src/api/oauth.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { UnknownAuthorizationRequest } from '#src/components/unknown-authorization-request.tsx';
import { useFollowUrl } from '#src/lib/navigation.ts';
import { usePageData } from '#src/lib/page-data.ts';
import { useReturnToLoginWhen } from '#src/lib/return-to-login.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { alexaTogetherActors } from './alexa-together.actors.ts';
import { AlexaTogetherLoading } from './alexa-together-loading.tsx';
import { AlexaTogetherRefused } from './alexa-together-refused.tsx';
import { AlexaTogetherRequest } from './alexa-together-request.tsx';

/**
 * Owns the Alexa Together actor (/pages/alexatogether?request=<handle>&scope&client_id&tracking_id&…) and picks the
 * view. What it shows comes from the server's record of the request; the rest of the query decides nothing.
 */
export function AlexaTogetherPage() {
  usePageTitle(msg`Alexa Together`);
  const { search } = useLocation();
  // Sent with the page by the server when it could describe the request (src/lib/page-data.ts): no spinner first.
  const sent = usePageData();
  const follow = useFollowUrl();
  const machine = useProvidedMachine(alexaTogetherMachine, {
    actions: { navigate: (_args, { url }: { url: string }) => follow(url) },
    actors: alexaTogetherActors,
  });
  const [state, send] = useMachine(machine, {
    input: { search: search.replace(/^\?/, ''), preloaded: sentConsentRequest(sent) },
  });
  const ended = state.matches('sessionEnded');
  useReturnToLoginWhen(ended);

  return (
    <CenteredLayout>
      {state.matches('loading') || ended ? (
        <AlexaTogetherLoading />
      ) : state.matches('unknownRequest') ? (
        <UnknownAuthorizationRequest />
      ) : state.context.error !== null ? (
        <AlexaTogetherRefused state={state} send={send} />
      ) : (
        <AlexaTogetherRequest state={state} send={send} />
      )}
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { AlexaTogetherPage as Component };
