import { assign, fromPromise, setup } from 'xstate';
import { type Failure, failure } from '../shared/actor-result.ts';
import { type RequestProblem, requestProblemOf } from '../shared/request-problem.ts';
import { serverMessageOf } from '../shared/server-message.ts';
import { type RecoverFailure, recoverFailureFrom, validateRecoverEmail } from './recover.errors.ts';

export interface RecoverInput {
  /** Prefilled from the query (the invalid-link page sends the reader here with their address). */
  email: string;
}

/** How the last resend from the confirmation ended; null before the first one. */
export type ResendOutcome =
  | { kind: 'resent' }
  | { kind: 'failed'; serverMessage: string | null; problem: RequestProblem | null };

export interface RecoverContext {
  /** The email field; product.md §4 clears it once the mail is sent. */
  email: string;
  /** The address the mail went to, kept for the confirmation and for resending. */
  sentTo: string | null;
  error: RecoverFailure | null;
  resend: ResendOutcome | null;
}

export type RecoverEvent =
  | { type: 'form.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'recovery.resend' };

const formHandlers = {
  'form.change': { actions: 'assignEmail' },
  'form.submit': [
    { guard: 'hasValidationError', target: 'error', actions: 'assignValidationError' },
    { target: 'sending', actions: 'clearError' },
  ],
} as const;

export const recoverMachine = setup({
  types: {
    input: {} as RecoverInput,
    context: {} as RecoverContext,
    events: {} as RecoverEvent,
  },
  actors: {
    sendRecovery: fromPromise<void, { email: string }>(async () => {
      throw new Error('sendRecovery must be provided');
    }),
    resendRecovery: fromPromise<void, { email: string }>(async () => {
      throw new Error('resendRecovery must be provided');
    }),
  },
  guards: {
    hasValidationError: ({ context }) => validateRecoverEmail(context.email) !== null,
  },
  actions: {
    // Stryker disable next-line ConditionalExpression,StringLiteral: taken only on form.change (the test narrows the type).
    assignEmail: assign({ email: ({ event }) => (event.type === 'form.change' ? event.value : '') }),
    assignValidationError: assign({ error: ({ context }) => validateRecoverEmail(context.email) }),
    assignFailure: assign({ error: (_, { error }: Failure) => recoverFailureFrom(error) }),
    clearError: assign({ error: null }),
    assignSent: assign(({ context }) => ({ sentTo: context.email.trim(), email: '', resend: null })),
    assignResent: assign({ resend: { kind: 'resent' } as ResendOutcome }),
    // A failed resend shows the server's message when it has one, else AnErrorOccurredWhenResending; a
    // refusal of the request itself (a rate limit) is said as such.
    assignResendFailure: assign({
      resend: (_, { error }: Failure): ResendOutcome => ({
        kind: 'failed',
        serverMessage: serverMessageOf(error),
        problem: requestProblemOf(error),
      }),
    }),
    clearResend: assign({ resend: null }),
  },
}).createMachine({
  id: 'recover',
  description: 'Ask for a password-recovery mail; the confirmation replaces the form and offers to resend it.',
  context: ({ input }) => ({ email: input.email, sentTo: null, error: null, resend: null }),
  initial: 'idle',
  states: {
    idle: { on: formHandlers },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendRecovery',
        src: 'sendRecovery',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'success', actions: 'assignSent' },
        onError: { target: 'error', actions: { type: 'assignFailure', params: failure } },
      },
    },
    error: {
      description: 'The form again, with what went wrong, until the next submit.',
      tags: ['error'],
      on: formHandlers,
    },
    success: {
      description: 'The confirmation names the address; a resend outcome shows under it.',
      on: { 'recovery.resend': { target: 'resending', actions: 'clearResend' } },
    },
    resending: {
      tags: ['busy'],
      invoke: {
        id: 'resendRecovery',
        src: 'resendRecovery',
        // Stryker disable next-line StringLiteral: Resend is offered only once a mail was sent (sentTo is set).
        input: ({ context }) => ({ email: context.sentTo ?? '' }),
        onDone: { target: 'success', actions: 'assignResent' },
        onError: { target: 'success', actions: { type: 'assignResendFailure', params: failure } },
      },
    },
  },
});
