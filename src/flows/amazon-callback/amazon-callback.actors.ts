import { fromPromise } from 'xstate';
import type { AmazonSignIn } from '#machines/amazon-callback/amazon-callback.machine.ts';
import { postLoginWithAmazon } from '#src/api/oauth.ts';

/**
 * Amazon's code is single use, but one visit may mount the page twice at once (StrictMode in development, which also
 * restarts the sign-in): a second mount shares the request in flight instead of spending the code again.
 */
const signIns = new Map<string, Promise<{ redirect: string }>>();

function signInOnce(input: AmazonSignIn): Promise<{ redirect: string }> {
  let signIn = signIns.get(input.code);
  if (!signIn) {
    signIn = postLoginWithAmazon(input)
      .then(({ redirect }) => ({ redirect }))
      .finally(() => signIns.delete(input.code));
    signIns.set(input.code, signIn);
  }
  return signIn;
}

/** The Login with Amazon callback machine's actor: trade the code for a session. */
export const amazonCallbackActors = {
  signInWithAmazon: fromPromise(async ({ input }: { input: AmazonSignIn }) => signInOnce(input)),
};
