import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { recoverMachine } from '#machines/recover/recover.machine.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { useCarriedQuery } from '#src/lib/carried-query.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { recoverActors } from './recover.actors.ts';
import { RecoverForm } from './recover-form.tsx';
import { RecoverSent } from './recover-sent.tsx';

/** Owns the recovery actor and picks the view for its state. */
export function RecoverPage() {
  usePageTitle(msg`Recover your password`);
  const [search] = useSearchParams();
  // email is this page's own field; everything else (return_to…) rides along to the API and the links.
  const carried = useCarriedQuery(['email']);
  // The query is read once, like the machine's input (actors are the first render's): the page does not change it.
  const machine = useProvidedMachine(recoverMachine, { actors: recoverActors(carried.params) });
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
