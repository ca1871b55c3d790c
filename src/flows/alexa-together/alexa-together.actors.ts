import { fromPromise } from 'xstate';
import type { LoadRequestInput } from '#machines/shared/consent-request.ts';
import { getConsentRequest } from '#src/api/oauth.ts';

/** The Alexa Together machine's actor: the pending request the page's handle names, as the server records it. */
export const alexaTogetherActors = {
  loadRequest: fromPromise(({ input }: { input: LoadRequestInput }) => getConsentRequest(input.search)),
};
