import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useNavigate } from 'react-router-dom';
import { leaveSessionMachine } from '../../../machines/leave-session/leave-session.machine.ts';
import { getLogout } from '../../api/auth.ts';
import { paths } from '../../app/paths.ts';
import { clearLocalStorage } from '../../lib/session.ts';
import { useProvidedMachine } from '../../lib/use-provided-machine.ts';

/** The actor both dead-end pages own: their Login button ends the session if asked to, then lands on login. */
export function useLeaveSession() {
  const navigate = useNavigate();
  const machine = useProvidedMachine(leaveSessionMachine, {
    actors: {
      endSession: fromPromise<void>(async () => {
        try {
          await getLogout();
        } finally {
          // product.md §3: all local storage is cleared on logout, whatever the server answered.
          clearLocalStorage();
        }
      }),
    },
  });
  const [state, send] = useMachine(machine);
  const done = state.matches('done');
  useEffect(() => {
    if (done) navigate(paths.login);
  }, [done, navigate]);
  return [state, send] as const;
}
