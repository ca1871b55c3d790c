import { assign, fromPromise, setup } from 'xstate';
import { validatePassword } from '#shared-domain/password.ts';
import { type Failure, failure, output } from '../shared/actor-result.ts';
import { isTransientFailure } from '../shared/link-failure.ts';
import { requestProblemOf } from '../shared/request-problem.ts';
import { changeFailureFrom, type PasswordResetFailure } from './password-reset.errors.ts';

export interface PasswordResetInput {
  /** reset_token from the mailed link; null when the link lost it. */
  resetToken: string | null;
}

export interface PasswordResetContext extends PasswordResetInput {
  password: string;
  /** Why the change failed, or why the link could not be checked when the server said why (a rate limit). */
  error: PasswordResetFailure | null;
  /** The server's confirmation once the password is changed (product.md §4: shown in place of the form). */
  message: string | null;
}

export interface ChangePasswordRequest {
  resetToken: string;
  password: string;
}

export type PasswordResetEvent =
  | { type: 'form.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'check.retry' };

export const passwordResetMachine = setup({
  types: {
    input: {} as PasswordResetInput,
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
  },
  actors: {
    checkResetToken: fromPromise<void, { resetToken: string | null }>(async () => {
      throw new Error('checkResetToken must be provided');
    }),
    changePassword: fromPromise<{ message: string }, ChangePasswordRequest>(async () => {
      throw new Error('changePassword must be provided');
    }),
  },
  guards: {
    hasValidationError: ({ context }) => validatePassword(context.password) !== null,
    isTransientFailure: (_, { error }: Failure) => isTransientFailure(error),
  },
  actions: {
    // Stryker disable next-line ConditionalExpression,StringLiteral: taken only on form.change (the test narrows the type).
    assignPassword: assign({ password: ({ event }) => (event.type === 'form.change' ? event.value : '') }),
    assignValidationError: assign({
      error: ({ context }) => ({ code: validatePassword(context.password)! }),
    }),
    assignFailure: assign({ error: (_, { error }: Failure) => changeFailureFrom(error) }),
    // A check without a verdict keeps only a refusal the page can word (too many requests); anything else is generic.
    assignCheckProblem: assign({ error: (_, { error }: Failure) => requestProblemOf(error) }),
    clearError: assign({ error: null }),
    // The password leaves memory once it is set: nothing on the success screen needs it.
    assignChanged: assign({
      message: (_, { message }: { message: string }) => message.trim() || null,
      password: '',
    }),
  },
}).createMachine({
  id: 'password-reset',
  description: 'Check the mailed reset token, then set a new password with it; the old sessions end with the change.',
  context: ({ input }) => ({ resetToken: input.resetToken, password: '', error: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'checkResetToken',
        src: 'checkResetToken',
        input: ({ context }) => ({ resetToken: context.resetToken }),
        onDone: { target: 'valid' },
        onError: [
          // No verdict on the link (network, server error, rate limit): calling it invalid would be untrue.
          {
            guard: { type: 'isTransientFailure', params: failure },
            target: 'checkFailed',
            actions: { type: 'assignCheckProblem', params: failure },
          },
          { target: 'invalid' },
        ],
      },
    },
    checkFailed: {
      description:
        'The server could not be asked about the link: AnErrorOccured (or too many requests, and the wait), with Retry.',
      tags: ['error'],
      on: { 'check.retry': { target: 'loading', actions: 'clearError' } },
    },
    valid: {
      description: 'The new-password form, with the rule it breaks or why the change failed.',
      on: {
        'form.change': { actions: 'assignPassword' },
        'form.submit': [
          { guard: 'hasValidationError', target: 'valid', actions: 'assignValidationError' },
          { target: 'submitting', actions: 'clearError' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        // Stryker disable next-line StringLiteral: the form is reached only with a token the server accepted.
        input: ({ context }) => ({ resetToken: context.resetToken ?? '', password: context.password }),
        onDone: { target: 'success', actions: { type: 'assignChanged', params: output } },
        onError: { target: 'valid', actions: { type: 'assignFailure', params: failure } },
      },
    },
    success: {
      description: 'Form hidden; the server message, Sign in, and Open app when the web app is configured.',
      type: 'final',
    },
    invalid: {
      description: 'Unknown, used or expired token: InvalidRecoveryLink with a way to ask for a new mail.',
      type: 'final',
      tags: ['error'],
    },
  },
});
