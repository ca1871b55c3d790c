import { fromPromise } from 'xstate';
import { getRecover } from '#src/api/account.ts';
import { activeLocale } from '#src/lib/active-locale.ts';

/**
 * The recovery machine's actors. `carried` is the page's query minus its own field (return_to…), which rides along
 * to the API; read once when the page opens, as the machine's input is.
 */
export function recoverActors(carried: Record<string, string>) {
  const sendRecovery = fromPromise<void, { email: string }>(async ({ input }) => {
    await getRecover(input.email, activeLocale(), carried);
  });
  return { sendRecovery, resendRecovery: sendRecovery };
}
