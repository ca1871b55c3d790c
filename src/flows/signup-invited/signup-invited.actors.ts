import { fromPromise } from 'xstate';
import type { SignupRequest } from '#machines/signup/signup.machine.ts';
import { getInvitationCheck, postInvitedSignup } from '#src/api/account.ts';
import { activeLocale } from '#src/lib/active-locale.ts';

/**
 * The invited signup machine's actors, for the invitation the link names: read once when the page opens, as a
 * machine's input is (the signup machine both pages share takes none).
 */
export function signupInvitedActors(invitationToken: string) {
  return {
    checkInvitation: fromPromise(async () => {
      const { data } = await getInvitationCheck(invitationToken);
      return { email: data.email };
    }),
    submitSignup: fromPromise(async ({ input }: { input: SignupRequest }) => {
      const { message } = await postInvitedSignup(invitationToken, input, activeLocale());
      return { message };
    }),
  };
}
