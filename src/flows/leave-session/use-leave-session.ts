import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { leaveSessionMachine } from '#machines/leave-session/leave-session.machine.ts';
import { paths } from '#src/app/paths.ts';
import { endSession } from '#src/lib/end-session.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';

/** The actor both dead-end pages own: their Login button ends the session if asked to, then lands on login. */
export function useLeaveSession() {
  const navigate = useNavigate();
  const machine = useProvidedMachine(leaveSessionMachine, { actors: { endSession } });
  const [state, send] = useMachine(machine);
  const done = state.matches('done');
  useEffect(() => {
    if (done) navigate(paths.login);
  }, [done, navigate]);
  return [state, send] as const;
}
