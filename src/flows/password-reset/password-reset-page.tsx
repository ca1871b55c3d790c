import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { passwordResetMachine } from '#machines/password-reset/password-reset.machine.ts';
import { paths, withQuery } from '#src/app/paths.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { useCarriedQuery } from '#src/lib/carried-query.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { passwordResetActors } from './password-reset.actors.ts';
import { PasswordResetDone } from './password-reset-done.tsx';
import { PasswordResetFailed } from './password-reset-failed.tsx';
import { PasswordResetForm } from './password-reset-form.tsx';
import { PasswordResetInvalid } from './password-reset-invalid.tsx';
import { PasswordResetLoading } from './password-reset-loading.tsx';

/** Owns the password-change actor and picks the view for its state. */
export function PasswordResetPage() {
  usePageTitle(msg`Set a new password`);
  const [search] = useSearchParams();
  // product.md §2: email is removed from the carried params (the token is this page's own too).
  const carried = useCarriedQuery(['email', 'reset_token']);
  const email = search.get('email') ?? '';
  const machine = useProvidedMachine(passwordResetMachine, { actors: passwordResetActors });
  const [state, send] = useMachine(machine, { input: { resetToken: search.get('reset_token') } });

  return (
    <CenteredLayout>
      {state.matches('loading') ? <PasswordResetLoading /> : null}
      {state.matches('checkFailed') ? <PasswordResetFailed state={state} send={send} /> : null}
      {state.matches('valid') || state.matches('submitting') ? <PasswordResetForm state={state} send={send} /> : null}
      {state.matches('success') ? (
        <PasswordResetDone message={state.context.message} loginHref={paths.login + carried.linkSearch} />
      ) : null}
      {state.matches('invalid') ? (
        <PasswordResetInvalid recoverHref={withQuery(paths.recover, { ...carried.linkParams, email: email || null })} />
      ) : null}
    </CenteredLayout>
  );
}

export { PasswordResetPage as Component };
