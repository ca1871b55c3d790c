import { msg } from '@lingui/core/macro';
import { Stack } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginMachine } from '#machines/login/login.machine.ts';
import { DEFAULT_AFTER_LOGIN, isServerTarget, safeReturnTo } from '#shared-domain/redirect.ts';
import { paths, withQuery } from '#src/app/paths.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { navigation } from '#src/lib/navigation.ts';
import { useHasSessionCookie } from '#src/lib/page-env.ts';
import { forgetApiAccess } from '#src/lib/session.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { loginActors } from './login.actors.ts';
import { LoginForm } from './login-form.tsx';
import { LoginResuming } from './login-resuming.tsx';
import { LoginWithAmazon } from './login-with-amazon.tsx';

/** Owns the login actor and picks the view for its state; the views decide nothing on their own. */
export function LoginPage() {
  usePageTitle(msg`Log in`);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const machine = useProvidedMachine(loginMachine, { actors: loginActors });
  // A return_to the server would refuse is not passed on (to it, to Login with Amazon): the default page it is.
  const sessionCookie = useHasSessionCookie();
  const [state, send] = useMachine(machine, {
    input: {
      returnTo: safeReturnTo(search.get('return_to'), null),
      shortLived: search.get('short_lived') === 'true',
      sessionCookie,
    },
  });

  // product.md §3: the cached apiAccess flag belongs to a session; the login page is where a new one starts.
  useEffect(() => forgetApiAccess(), []);

  const { redirect, username } = state.context;
  useEffect(() => {
    if (state.matches('redirecting') && redirect) followRedirect(redirect, navigate);
    if (state.matches('needsVerification')) navigate(withQuery(paths.signupResend, { email: username.trim() }));
  }, [state, redirect, username, navigate]);

  return (
    <CenteredLayout>
      {state.matches('resuming') || state.matches('redirecting') ? (
        <LoginResuming />
      ) : (
        <Stack gap="md">
          <LoginForm state={state} send={send} />
          <LoginWithAmazon returnTo={state.context.returnTo} />
        </Stack>
      )}
    </CenteredLayout>
  );
}

/**
 * The server checks the redirect with the same rule; checking again here means no answer can make this page open an
 * API URL. Pages are routed in place; the OAuth continuation needs a real navigation.
 */
function followRedirect(redirect: string, navigate: ReturnType<typeof useNavigate>): void {
  const target = safeReturnTo(redirect, DEFAULT_AFTER_LOGIN);
  if (isServerTarget(target)) navigation.assign(target);
  else navigate(target, { replace: true });
}

/** The router's lazy-route entry. */
export { LoginPage as Component };
