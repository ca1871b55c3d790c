/**
 * A secret shown this once (a new client secret, the alert-forwarding AES key). A stray Escape or click outside must
 * not lose it, so while it has not been copied the dialog stays open, and closing it asks first; once copied, closing
 * is immediate. Views ask `state.hasTag(UNCOPIED_SECRET)` whether Escape and outside clicks may close the dialog.
 */
// Stryker disable next-line StringLiteral: a tag's name, which views and tests read only through this constant.
export const UNCOPIED_SECRET = 'uncopiedSecret';

export type ShowOnceEvent = { type: 'secret.copy' } | { type: 'discard.confirm' } | { type: 'discard.cancel' };

/**
 * The states of a show-once dialog, nested under the machine's own state for it. `closed` is where closing leads
 * (an id reference like `#credentials.list.idle`), `onClose` the actions that forget the secret on the way.
 */
export function showOnceStates<const Action extends string>(closed: string, onClose: readonly Action[]) {
  return {
    initial: 'uncopied',
    states: {
      uncopied: {
        tags: [UNCOPIED_SECRET],
        on: {
          'secret.copy': { target: 'copied' },
          'dialog.close': { target: 'confirmDiscard' },
        },
      },
      confirmDiscard: {
        description: 'Closing before the secret was copied: it will not be shown again, so the reader confirms.',
        tags: [UNCOPIED_SECRET],
        on: {
          'secret.copy': { target: 'copied' },
          'discard.confirm': { target: closed, actions: [...onClose] },
          'discard.cancel': { target: 'uncopied' },
        },
      },
      copied: {
        on: { 'dialog.close': { target: closed, actions: [...onClose] } },
      },
    },
  } as const;
}
