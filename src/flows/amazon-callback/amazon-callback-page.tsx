import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useSearchParams } from 'react-router-dom';
import { amazonCallbackMachine, type AmazonSignIn } from '../../../machines/amazon-callback/amazon-callback.machine.ts';
import { postLoginWithAmazon } from '../../api/oauth.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { takeAmazonLogin } from '../../lib/amazon-login.ts';
import { useFollowUrl } from '../../lib/navigation.ts';
import { useProvidedMachine } from '../../lib/use-provided-machine.ts';
import { AmazonCallbackProgress } from './amazon-callback-progress.tsx';
import { msg } from '@lingui/core/macro';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** The product's name in email_already_exists_as_{product}_account; the error page matches any slug there. */
export const PRODUCT_SLUG = 'portal';

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

/** Owns the Login with Amazon callback actor (/pages/cb?state&code&error&error_description). */
export function AmazonCallbackPage() {
  usePageTitle(msg`Login with Amazon`);
  const [search] = useSearchParams();
  const follow = useFollowUrl();
  const machine = useProvidedMachine(amazonCallbackMachine, {
    actors: { signInWithAmazon: fromPromise(async ({ input }: { input: AmazonSignIn }) => signInOnce(input)) },
    // The callback is spent: Back must not land on it again.
    actions: { navigate: (_args, { url }: { url: string }) => follow(url, { replace: true }) },
  });
  const [, send] = useMachine(machine, { input: { product: PRODUCT_SLUG } });

  useEffect(() => {
    send({
      type: 'callback.open',
      code: search.get('code'),
      error: search.get('error'),
      errorDescription: search.get('error_description'),
      stored: takeAmazonLogin(search.get('state')),
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <CenteredLayout>
      <AmazonCallbackProgress />
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { AmazonCallbackPage as Component };
