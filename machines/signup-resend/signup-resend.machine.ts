import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '#shared-domain/api-error.ts';
import { type EmailValidationCode, validateEmail } from '#shared-domain/email.ts';
import { ServerCode, ValidationCode } from '#shared-domain/error-codes.ts';
import { type Failure, failure } from '../shared/actor-result.ts';
import { isTransientFailure } from '../shared/link-failure.ts';
import { type RequestProblem, requestProblemOf } from '../shared/request-problem.ts';
import {
  type ResendVerificationContext,
  type ResendVerificationEvent,
  resendProblemOf,
  resendVerification,
  resendVerificationGuards,
  resendVerificationStates,
} from '../shared/resend-verification.ts';

export interface SignupResendInput {
  email: string;
}

/** What the email form says under the field: a rule the address breaks, or why the resend did not go out. */
export type SignupResendErrorCode =
  | EmailValidationCode
  | 'EmailNotRegistered'
  | 'AnErrorOccuredWhenResendingVerificationEmail';

/**
 * A code of the page's own, or a refusal of the request itself, which the page words (too many requests and the wait,
 * the address over its limit): the server says those in English only. On the Retry view only such a refusal is kept.
 */
export type SignupResendFailure = { code: SignupResendErrorCode } | RequestProblem;

export interface SignupResendContext extends SignupResendInput, ResendVerificationContext {
  error: SignupResendFailure | null;
}

export type SignupResendEvent =
  | ResendVerificationEvent
  | { type: 'form.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'check.retry' };

const codeOf = (error: unknown) => (isApiError(error) ? error.code : undefined);

const notRegistered = { type: 'isEmailNotRegistered', params: failure } as const;

export const signupResendMachine = setup({
  types: {
    input: {} as SignupResendInput,
    context: {} as SignupResendContext,
    events: {} as SignupResendEvent,
  },
  actors: {
    /** Resolves when the account is already verified; rejects (code 8) while it still needs verification. */
    checkVerification: fromPromise<void, SignupResendInput>(async () => {
      throw new Error('checkVerification must be provided');
    }),
    resendVerification,
  },
  guards: {
    ...resendVerificationGuards,
    isAccountNotVerified: (_, { error }: Failure) => codeOf(error) === ServerCode.AccountNotVerified,
    isEmailNotRegistered: (_, { error }: Failure) => codeOf(error) === ServerCode.EmailNotRegistered,
    isTransientFailure: (_, { error }: Failure) => isTransientFailure(error),
    hasValidationError: ({ context }) => validateEmail(context.email) !== null,
  },
  actions: {
    // Stryker disable next-line ConditionalExpression,StringLiteral: taken only on form.change (the test narrows the type).
    assignEmail: assign({ email: ({ event }) => (event.type === 'form.change' ? event.value : '') }),
    assignValidationError: assign({ error: ({ context }) => ({ code: validateEmail(context.email)! }) }),
    assignNotRegistered: assign({ error: { code: 'EmailNotRegistered' as const } }),
    // A page opened without an email is simply asked for one; only an address the server found malformed (or longer
    // than any account's) is an error.
    assignCheckProblem: assign({
      error: (_, { error }: Failure) =>
        codeOf(error) === ValidationCode.EMAIL_INCORRECT_FORMAT
          ? { code: ValidationCode.EMAIL_INCORRECT_FORMAT }
          : requestProblemOf(error),
    }),
    // A check without a verdict keeps only a refusal the page can word (too many requests); anything else is generic.
    assignCheckFailure: assign({ error: (_, { error }: Failure) => requestProblemOf(error) }),
    assignResendFailed: assign({
      error: (_, { error }: Failure) =>
        requestProblemOf(error) ?? { code: 'AnErrorOccuredWhenResendingVerificationEmail' as const },
    }),
    assignResendProblem: assign({ resendProblem: (_, failed: Failure) => resendProblemOf(failed) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'signup-resend',
  description:
    'Verify-needed page: a verified account goes to login, an unverified one may resend the mail, and without a known address the page asks for one.',
  context: ({ input }) => ({ email: input.email, error: null, resendProblem: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkVerification',
        src: 'checkVerification',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'verified' },
        onError: [
          { guard: { type: 'isAccountNotVerified', params: failure }, target: 'needsVerification' },
          // Recovery already answers 82 for an unknown address, so saying it here reveals nothing new; claiming a
          // mail was sent to it would be untrue.
          { guard: notRegistered, target: 'asking', actions: 'assignNotRegistered' },
          // No verdict (network, server error, rate limit): the account may be in any state, so nothing is claimed.
          {
            guard: { type: 'isTransientFailure', params: failure },
            target: 'checkFailed',
            actions: { type: 'assignCheckFailure', params: failure },
          },
          // No usable address in the link: ask for one.
          { target: 'asking', actions: { type: 'assignCheckProblem', params: failure } },
        ],
      },
    },
    checkFailed: {
      description:
        'The server could not be asked: AnErrorOccured (or too many requests, and the wait), with Retry and Login.',
      tags: ['error'],
      on: { 'check.retry': { target: 'checking', actions: 'clearError' } },
    },
    asking: {
      description: 'An email field and Resend: the address is unknown, missing from the link, or not registered.',
      on: {
        'form.change': { actions: 'assignEmail' },
        'form.submit': [
          { guard: 'hasValidationError', target: 'asking', actions: 'assignValidationError' },
          { target: 'sending', actions: 'clearError' },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'needsVerification.resent' },
        onError: [
          { guard: { type: 'isAlreadyVerified', params: failure }, target: 'verified' },
          { guard: notRegistered, target: 'asking', actions: 'assignNotRegistered' },
          { target: 'asking', actions: { type: 'assignResendFailed', params: failure } },
        ],
      },
    },
    verified: {
      description: 'Already verified: the page goes to /pages/login.',
      type: 'final',
      tags: ['verified'],
    },
    needsVerification: {
      description: 'The account needs to be verified: resend the confirmation mail, or go to login.',
      ...resendVerificationStates(),
    },
  },
});
