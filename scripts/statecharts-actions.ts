/**
 * What the diagrams say an action does (architecture.md §7). Most action names read as what they do
 * (`assignField`, `clearError`, `acceptTerms`); the few below would leave a product reviewer guessing, so the diagram
 * shows these words instead. The names are the machines' own (`setup({ actions })`); scripts/statecharts.test.ts
 * fails when one of them no longer exists, so the words cannot outlive their action.
 */
export const actionWords: Readonly<Record<string, string>> = {
  // login
  assignLock: 'start the lock countdown',
  assignLockShown: 'show the time the lock has left',
  clearLock: 'end the lock',
  // signup
  spendCaptchaToken: 'ask for a new captcha (an answer counts once)',
  assignMessage: "keep the server's confirmation",
  // Alexa Together, Login with Amazon
  forgetRequest: 'drop a request that is not for Alexa Together',
  assignSignIn: 'keep the code and the stored PKCE verifier',
  // the account's lists
  assignOverview: 'keep the list, its limits and the endpoints',
  assignData: 'keep the sessions and their users',
  removeSelected: 'drop the row from the list',
  removeOthers: "drop every row but this device's",
  applyRemoval: 'update or drop the row the server removed',
  // alert forwarding
  startEdit: 'fill the dialog with the stored value',
  resetForm: 'blank the set-up dialog',
  clearCompanyId: 'forget the company id (V3 alerts stopped)',
};

/** What XState itself runs: `after` is drawn as its own arrow, so the timer it starts and cancels is left out. */
function describeBuiltIn(action: { type: string; event?: unknown; delay?: unknown; sendId?: unknown }): string | null {
  const eventType = (action.event as { type?: unknown } | undefined)?.type;
  if (action.type === 'xstate.raise') {
    if (typeof eventType === 'string' && eventType.startsWith('xstate.after.')) return null;
    const delay = action.delay === undefined ? '' : ` after ${String(action.delay)}`;
    return `raise ${typeof eventType === 'string' ? eventType : 'an event'}${delay}`;
  }
  if (action.type === 'xstate.cancel') {
    return typeof action.sendId === 'string' && action.sendId.startsWith('xstate.after.')
      ? null
      : `cancel ${String(action.sendId)}`;
  }
  if (action.type === 'xstate.sendTo') return `send ${typeof eventType === 'string' ? eventType : 'an event'}`;
  return action.type.replace(/^xstate\./, '');
}

/** The name of an action as a machine lists it (a string, `{ type, params }`, or an action creator's function). */
export function actionName(action: unknown): string | null {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as { type?: string; name?: string };
    return fn.type?.startsWith('xstate.') ? describeBuiltIn(fn as { type: string }) : fn.name || 'inline action';
  }
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  return null;
}

/** The words a diagram shows for an action, or null for one it leaves out. */
export function describeAction(action: unknown): string | null {
  const name = actionName(action);
  return name !== null && Object.hasOwn(actionWords, name) ? actionWords[name] : name;
}
