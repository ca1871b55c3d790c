import { fromPromise } from 'xstate';
import { getLogout } from '../api/auth.ts';
import { clearLocalStorage } from './session.ts';

/**
 * The `endSession` actor of machines/shared/end-session.ts, for every page that leaves through it (the dead-end
 * pages, the credentials page's Authentication Error popup).
 */
export const endSession = fromPromise<void>(async () => {
  try {
    await getLogout();
  } finally {
    // product.md §3: all local storage is cleared on logout, whatever the server answered.
    clearLocalStorage();
  }
});
