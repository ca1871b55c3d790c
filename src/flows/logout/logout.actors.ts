import { fromPromise } from 'xstate';
import { getLogout } from '#src/api/auth.ts';

/** The logout machine's actor: end the session on the server (the page clears local storage whatever it answers). */
export const logoutActors = {
  logout: fromPromise<void>(async () => {
    await getLogout();
  }),
};
