import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { amazonCallbackMachine } from '#machines/amazon-callback/amazon-callback.machine.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { takeAmazonLogin } from '#src/lib/amazon-login.ts';
import { useFollowUrl } from '#src/lib/navigation.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { amazonCallbackActors } from './amazon-callback.actors.ts';
import { AmazonCallbackProgress } from './amazon-callback-progress.tsx';

/** The product's name in email_already_exists_as_{product}_account; the error page matches any slug there. */
export const PRODUCT_SLUG = 'portal';

/** Owns the Login with Amazon callback actor (/pages/cb?state&code&error&error_description). */
export function AmazonCallbackPage() {
  usePageTitle(msg`Login with Amazon`);
  const [search] = useSearchParams();
  const follow = useFollowUrl();
  const machine = useProvidedMachine(amazonCallbackMachine, {
    actors: amazonCallbackActors,
    // The callback is spent: Back must not land on it again.
    actions: { navigate: (_args, { url }: { url: string }) => follow(url, { replace: true }) },
  });
  const [, send] = useMachine(machine, { input: { product: PRODUCT_SLUG } });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the callback is opened once, with the address it arrived on
  useEffect(() => {
    send({
      type: 'callback.open',
      code: search.get('code'),
      error: search.get('error'),
      errorDescription: search.get('error_description'),
      stored: takeAmazonLogin(search.get('state')),
    });
  }, []);

  return (
    <CenteredLayout>
      <AmazonCallbackProgress />
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { AmazonCallbackPage as Component };
