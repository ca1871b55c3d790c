import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { amazonCallbackMachine } from '../../../machines/amazon-callback/amazon-callback.machine.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { takeAmazonLogin } from '../../lib/amazon-login.ts';
import { useFollowUrl } from '../../lib/navigation.ts';
import { useProvidedMachine } from '../../lib/use-provided-machine.ts';
import { AmazonCallbackProgress } from './amazon-callback-progress.tsx';
import { amazonCallbackActors } from './amazon-callback.actors.ts';
import { msg } from '@lingui/core/macro';
import { usePageTitle } from '../../lib/use-page-title.ts';

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
