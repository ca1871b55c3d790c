import { fromPromise } from 'xstate';
import type { ChangePasswordRequest } from '#machines/password-reset/password-reset.machine.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import { getPasswordChangeCheck, patchPasswordChange } from '#src/api/account.ts';
import { activeLocale } from '#src/lib/active-locale.ts';

/** The password-reset machine's actors: check the mailed token, then change the password with it. */
export const passwordResetActors = {
  checkResetToken: fromPromise<void, { resetToken: string | null }>(async ({ input }) => {
    // A link that lost its token is as invalid as a wrong one; no need to ask the server.
    if (!input.resetToken) throw apiErrorOf('InvalidToken');
    await getPasswordChangeCheck(input.resetToken);
  }),
  changePassword: fromPromise<{ message: string }, ChangePasswordRequest>(async ({ input }) => {
    const { message } = await patchPasswordChange(input.resetToken, {
      password: input.password,
      logout: true,
      language: activeLocale(),
    });
    return { message };
  }),
};
