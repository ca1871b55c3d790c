import { fromPromise } from 'xstate';
import type { LoginRequest } from '#machines/login/login.machine.ts';
import { isApiError } from '#shared-domain/api-error.ts';
import { postLogin, postResumeSession } from '#src/api/auth.ts';

/** The login machine's actors: resume the session the cookie names, or sign in with the form. */
export const loginActors = {
  resumeSession: fromPromise(async ({ input }: { input: { returnTo: string | null } }) => {
    try {
      const { redirect } = await postResumeSession(input.returnTo);
      return { redirect };
    } catch (error) {
      // A cookie the server no longer honours simply means there is nothing to resume.
      if (isApiError(error) && error.errorName === 'NoSession') return null;
      throw error;
    }
  }),
  submitLogin: fromPromise(async ({ input }: { input: LoginRequest }) => {
    const { redirect } = await postLogin(input);
    return { redirect };
  }),
};
