import type { AnyStateMachine } from 'xstate';
import { loginMachine } from '../machines/login/login.machine.ts';
import { logoutMachine } from '../machines/logout/logout.machine.ts';
import { recoverMachine } from '../machines/recover/recover.machine.ts';

/** Every machine drawn in docs/statecharts/<slug>.md (design.md §7): a new flow adds one line here. */
export const statechartRegistry: Record<string, AnyStateMachine> = {
  login: loginMachine,
  logout: logoutMachine,
  recover: recoverMachine,
};
