import { assign, fromPromise, setup } from 'xstate';
import { validateSignup } from '#shared-domain/account.ts';
import { type Failure, failure, output } from '../shared/actor-result.ts';
import { isTransientFailure } from '../shared/link-failure.ts';
import { requestProblemOf } from '../shared/request-problem.ts';
import {
  type ResendVerificationContext,
  type ResendVerificationEvent,
  resendProblemOf,
  resendVerification,
  resendVerificationGuards,
  resendVerificationStates,
} from '../shared/resend-verification.ts';
import { invitationProblemFrom, isInvitationRefusal, type SignupFailure, signupFailureFrom } from './signup.errors.ts';

export type SignupField = 'email' | 'friendlyName' | 'password';

export interface SignupContext extends ResendVerificationContext {
  email: string;
  friendlyName: string;
  password: string;
  acceptTerms: boolean;
  captchaToken: string | null;
  /** Counts spent tokens: the view mounts a fresh captcha for each round, since the server refuses a replayed one. */
  captchaRound: number;
  error: SignupFailure | null;
  /** The server's words on success, shown as they come (product.md §8). */
  message: string | null;
}

export type SignupEvent =
  | { type: 'form.change'; field: SignupField; value: string }
  | { type: 'terms.accept' }
  | { type: 'terms.decline' }
  | { type: 'captcha.solve'; token: string }
  | { type: 'captcha.expire' }
  | { type: 'form.submit' }
  | { type: 'check.retry' }
  | ResendVerificationEvent;

export interface SignupRequest {
  email: string;
  friendlyName: string;
  password: string;
  /** Null for an invited signup, which has no captcha. */
  captchaToken: string | null;
}

export type SignupKind = 'direct' | 'invited';

/** What the server says about an invitation link that can create an account. */
export interface InvitationCheckOutput {
  /** The address the invitation is for: the account gets this one, whatever the link's query says. */
  email: string;
}

/**
 * One machine for both signup pages, so the form's rules exist once. `direct` (/pages/signup) proves a human with a
 * captcha and, since the account still needs its email verified, offers to resend the mail after success. `invited`
 * (/pages/signup/invited) has neither: the invitation went to that mailbox, so its email is fixed and already proven.
 * The invited form first asks the server whether the link still works and for which address, and shows a dead link
 * as such rather than a form that could only fail; a refusal of the form for the link's sake asks again why.
 */
const invitationRefusal = { type: 'isInvitationRefusal', params: failure } as const;
const assignFailure = { type: 'assignFailure', params: failure } as const;

export function createSignupMachine(kind: SignupKind) {
  const direct = kind === 'direct';
  // Only the invited page checks its link. Typed as present for both kinds so that both machines' state values
  // type-check as one; the direct machine's config simply has none of these states.
  const invitationStates = {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkInvitation',
        src: 'checkInvitation',
        onDone: [
          // Back from a refused form whose link still works: the form as it was left.
          {
            guard: 'hasAcceptedTerms',
            target: 'editing.termsAccepted',
            actions: { type: 'assignInvitation', params: output },
          },
          { target: 'editing', actions: { type: 'assignInvitation', params: output } },
        ],
        onError: [
          // No verdict on the link (network, server error, rate limit): calling it invalid would be untrue.
          {
            guard: { type: 'isTransientFailure', params: failure },
            target: 'checkFailed',
            actions: { type: 'assignCheckFailure', params: failure },
          },
          { target: 'invalid', actions: { type: 'assignInvitationProblem', params: failure } },
        ],
      },
    },
    checkFailed: {
      description: 'The server could not be asked: AnErrorOccured (or too many requests, and the wait), with Retry.',
      tags: ['error'],
      on: { 'check.retry': { target: 'checking', actions: 'clearError' } },
    },
    invalid: {
      description: 'Unknown, used or expired invitation, or its email has an account: why, and the ways on.',
      type: 'final',
      tags: ['error'],
    },
  } as const;
  return setup({
    types: {
      context: {} as SignupContext,
      events: {} as SignupEvent,
    },
    actors: {
      submitSignup: fromPromise<{ message: string }, SignupRequest>(async () => {
        throw new Error('submitSignup must be provided');
      }),
      checkInvitation: fromPromise<InvitationCheckOutput>(async () => {
        throw new Error('checkInvitation must be provided');
      }),
      resendVerification,
    },
    guards: {
      ...resendVerificationGuards,
      isTransientFailure: (_, { error }: Failure) => isTransientFailure(error),
      isInvitationRefusal: (_, { error }: Failure) => isInvitationRefusal(error),
      hasAcceptedTerms: ({ context }) => context.acceptTerms,
      isEditableField: (_, { field }: { field: SignupField }) => field !== 'email',
      hasValidationError: ({ context }) => validateSignup(context) !== null,
      isMissingCaptcha: ({ context }) => context.captchaToken === null,
    },
    actions: {
      assignResendProblem: assign({ resendProblem: (_, failed: Failure) => resendProblemOf(failed) }),
      assignField: assign(({ context, event }) => {
        // Stryker disable next-line ConditionalExpression: taken only on form.change (the test narrows the type).
        if (event.type !== 'form.change') return {};
        return { ...context, [event.field]: event.value };
      }),
      acceptTerms: assign({ acceptTerms: true }),
      declineTerms: assign({ acceptTerms: false }),
      assignCaptchaToken: assign({
        // Stryker disable next-line ConditionalExpression: taken only on captcha.solve (the test narrows the type).
        captchaToken: ({ event }) => (event.type === 'captcha.solve' ? event.token : null),
      }),
      clearCaptchaToken: assign({ captchaToken: null }),
      spendCaptchaToken: assign({ captchaToken: null, captchaRound: ({ context }) => context.captchaRound + 1 }),
      assignValidationError: assign({ error: ({ context }) => ({ code: validateSignup(context)! }) }),
      assignCaptchaRequired: assign({ error: { code: 'CaptchaRequired' } }),
      assignFailure: assign({ error: (_, { error }: Failure) => signupFailureFrom(error) }),
      assignInvitation: assign({ email: (_, { email }: InvitationCheckOutput) => email }),
      // A check without a verdict keeps only a refusal the page can word (too many requests); anything else is generic.
      assignCheckFailure: assign({ error: (_, { error }: Failure) => requestProblemOf(error) }),
      assignInvitationProblem: assign({ error: (_, { error }: Failure) => ({ code: invitationProblemFrom(error) }) }),
      assignMessage: assign({ message: (_, { message }: { message: string }) => message }),
      clearError: assign({ error: null }),
    },
  }).createMachine({
    id: direct ? 'signup' : 'signup-invited',
    description: direct
      ? 'Create an account with email, name, password, the terms and a solved captcha; then offer to resend the verification mail.'
      : 'Check the invitation link, then create the invited account: the email is the one the server names for the invitation, there is no captcha and nothing to verify afterwards.',
    context: {
      email: '',
      friendlyName: '',
      password: '',
      acceptTerms: false,
      captchaToken: null,
      captchaRound: 0,
      error: null,
      message: null,
      resendProblem: null,
    },
    initial: direct ? 'editing' : 'checking',
    states: {
      ...(direct ? ({} as typeof invitationStates) : invitationStates),
      editing: {
        initial: 'termsPending',
        on: {
          // Invited: the invitation fixed the email.
          'form.change': direct
            ? { actions: 'assignField' }
            : { guard: { type: 'isEditableField', params: ({ event }) => event }, actions: 'assignField' },
          ...(direct
            ? { 'captcha.solve': { actions: 'assignCaptchaToken' }, 'captcha.expire': { actions: 'clearCaptchaToken' } }
            : {}),
        },
        states: {
          termsPending: {
            description: 'Sign up stays disabled until the terms are accepted.',
            on: { 'terms.accept': { target: 'termsAccepted', actions: 'acceptTerms' } },
          },
          termsAccepted: {
            on: {
              'terms.decline': { target: 'termsPending', actions: 'declineTerms' },
              'form.submit': [
                { guard: 'hasValidationError', actions: 'assignValidationError' },
                ...(direct ? [{ guard: 'isMissingCaptcha' as const, actions: 'assignCaptchaRequired' as const }] : []),
                { target: `#${direct ? 'signup' : 'signup-invited'}.submitting`, actions: 'clearError' },
              ],
            },
          },
        },
      },
      submitting: {
        tags: ['busy'],
        invoke: {
          id: 'submitSignup',
          src: 'submitSignup',
          input: ({ context }) => ({
            email: context.email,
            friendlyName: context.friendlyName,
            password: context.password,
            captchaToken: context.captchaToken,
          }),
          onDone: { target: 'signedUp', actions: { type: 'assignMessage', params: output } },
          onError: [
            // Invited: the link itself was refused (used, expired, replaced, or its email registered meanwhile); the
            // form could only fail again, so the link is checked again to say why.
            ...(direct
              ? []
              : [{ guard: invitationRefusal, target: 'checking' as const, actions: 'clearError' as const }]),
            // Only an accepted form gets here, so the way back is to the accepted form; a token is single use.
            {
              target: 'editing.termsAccepted',
              actions: direct ? [assignFailure, 'spendCaptchaToken' as const] : assignFailure,
            },
          ],
        },
      },
      signedUp: direct
        ? {
            description: 'The form is replaced by the server message; the verification mail can be sent again.',
            ...resendVerificationStates(),
          }
        : { description: 'The form is replaced by the server message and a way to sign in.', type: 'final' as const },
    },
  });
}

export const signupMachine = createSignupMachine('direct');
