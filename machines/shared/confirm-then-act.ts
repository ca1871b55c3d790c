import { sessionEnded } from './session-ended.ts';

/**
 * An action that cannot be undone, asked first (product.md §4: change a secret, delete a credential, revoke a session,
 * remove an application, renew keys, clear data, stop V3 alerts). Two sibling states under the machine's own names:
 * the dialog asks (`dialog.confirm`, `dialog.close`), then works, busy, while the invoked actor runs. A 401 ends the
 * page's session wherever it comes from; any other failure goes where `failed` says (the dialog again, or the page)
 * with the actions that keep it in context for the view to word. Views ask `state.hasTag('busy')` and
 * `state.can({ type: 'dialog.confirm' })`, so one dialog component serves both states.
 *
 * Spread it where the two states stand: `...confirmThenAct({ asking: 'confirmDelete', working: 'deleting', … })`.
 * Names are the machine's own, so its diagram and its tests read the same as before the states were shared.
 */
export type ConfirmEvent = { type: 'dialog.confirm' } | { type: 'dialog.close' };

type ActionRef = string | { type: string; params?: unknown };
type Actions = ActionRef | readonly ActionRef[];

interface Transition {
  target: string;
  actions?: Actions;
}

interface Refusal extends Transition {
  guard: string | { type: string; params?: unknown };
}

export interface ConfirmThenAct {
  /** The dialog's state, and what the diagram says about it. */
  asking: string;
  description: string;
  /** The state the actor runs in; the invoke's id is the actor's name, as the model tests address it. */
  working: string;
  src: string;
  input?: (args: { context: never }) => unknown;
  /** Actions on the way from the dialog to work (forgetting the last failure). */
  confirm?: Actions;
  /** Where `dialog.close` leads, forgetting the selection on the way. */
  cancel: Transition;
  done: Transition;
  /** Failures that mean something else than this action failing (a row already gone), tried after the 401. */
  refusals?: readonly Refusal[];
  /** Any other failure: where it shows, and the actions that keep it in context. */
  failed: Transition;
  /** The machine's final state for a 401 (an id reference such as `#credentials.sessionEnded`). */
  sessionEnded: string;
}

/** An optional option's type as given, or `undefined` when it was left out. */
type Given<O, K extends string> = O extends { [P in K]: infer T } ? T : undefined;

type AskingState<O extends ConfirmThenAct> = {
  description: string;
  on: {
    'dialog.confirm': { target: O['working']; actions: Given<O, 'confirm'> };
    'dialog.close': O['cancel'];
  };
};

type WorkingState<O extends ConfirmThenAct> = {
  tags: readonly ['busy'];
  invoke: {
    id: O['src'];
    src: O['src'];
    input: Given<O, 'input'>;
    onDone: O['done'];
    onError: ReadonlyArray<
      | { guard: typeof sessionEnded; target: O['sessionEnded'] }
      | (O extends { refusals: readonly (infer R)[] } ? R : never)
      | O['failed']
    >;
  };
};

export function confirmThenAct<const O extends ConfirmThenAct>(o: O) {
  return {
    [o.asking]: {
      description: o.description,
      on: {
        'dialog.confirm': { target: o.working, actions: o.confirm },
        'dialog.close': o.cancel,
      },
    },
    [o.working]: {
      tags: ['busy'],
      invoke: {
        id: o.src,
        src: o.src,
        input: o.input,
        onDone: o.done,
        onError: [{ guard: sessionEnded, target: o.sessionEnded }, ...(o.refusals ?? []), o.failed],
      },
    },
  } as { [K in O['asking']]: AskingState<O> } & { [K in O['working']]: WorkingState<O> };
}
