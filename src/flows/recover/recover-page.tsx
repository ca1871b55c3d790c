import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useSearchParams } from 'react-router-dom';
import { recoverMachine } from '../../../machines/recover/recover.machine.ts';
import { getRecover } from '../../api/account.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { activeLocale } from '../../lib/active-locale.ts';
import { useCarriedQuery } from '../../lib/carried-query.ts';
import { RecoverForm } from './recover-form.tsx';
import { RecoverSent } from './recover-sent.tsx';
import { msg } from '@lingui/core/macro';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Owns the recovery actor and picks the view for its state. */
export function RecoverPage() {
  usePageTitle(msg`Recover your password`);
  const [search] = useSearchParams();
  // email is this page's own field; everything else (return_to…) rides along to the API and the links.
  const carried = useCarriedQuery(['email']);
  const machine = useMemo(() => {
    // The query is read once, like the machine's input: the page does not change it while it lives.
    const params = carried.params;
    const send = fromPromise<void, { email: string }>(async ({ input }) => {
      await getRecover(input.email, activeLocale(), params);
    });
    return recoverMachine.provide({ actors: { sendRecovery: send, resendRecovery: send } });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const [state, send] = useMachine(machine, { input: { email: search.get('email') ?? '' } });

  return (
    <CenteredLayout>
      {state.matches('success') || state.matches('resending') ? (
        <RecoverSent state={state} send={send} linkSearch={carried.linkSearch} />
      ) : (
        <RecoverForm state={state} send={send} linkSearch={carried.linkSearch} />
      )}
    </CenteredLayout>
  );
}

export { RecoverPage as Component };
