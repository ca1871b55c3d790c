import { assign, fromPromise, setup } from 'xstate';
import { validateSignup } from '../../shared-domain/account.ts';
import {
  resendVerification,
  resendVerificationStates,
  type ResendVerificationEvent,
} from '../shared/resend-verification.ts';
import { signupFailureFrom, type SignupFailure } from './signup.errors.ts';

export type SignupField = 'email' | 'friendlyName' | 'password';

export interface SignupInput {
  /** Invited signup: the address the invitation was sent to. */
  email?: string;
}

export interface SignupContext {
  email: string;
  friendlyName: string;
  password: string;
  acceptTerms: boolean;
  captchaToken: string | null;
  /** Counts spent tokens: the view mounts a fresh captcha for each round, since the server refuses a replayed one. */
  captchaRound: number;
  error: SignupFailure | null;
  /** The server's words on success, shown as they come (spec §8). */
  message: string | null;
}

export type SignupEvent =
  | { type: 'form.change'; field: SignupField; value: string }
  | { type: 'terms.accept' }
  | { type: 'terms.decline' }
  | { type: 'captcha.solve'; token: string }
  | { type: 'captcha.expire' }
  | { type: 'form.submit' }
  | ResendVerificationEvent;

export interface SignupRequest {
  email: string;
  friendlyName: string;
  password: string;
  /** Null for an invited signup, which has no captcha. */
  captchaToken: string | null;
}

export type SignupKind = 'direct' | 'invited';

/**
 * One machine for both signup pages, so the form's rules exist once. `direct` (/pages/signup) proves a human with a
 * captcha and, since the account still needs its email verified, offers to resend the mail after success. `invited`
 * (/pages/signup/invited) has neither: the invitation went to that mailbox, so its email is fixed and already proven.
 */
export function createSignupMachine(kind: SignupKind) {
  const direct = kind === 'direct';
  return setup({
    types: {
      input: {} as SignupInput,
      context: {} as SignupContext,
      events: {} as SignupEvent,
    },
    actors: {
      submitSignup: fromPromise<{ message: string }, SignupRequest>(async () => {
        throw new Error('submitSignup must be provided');
      }),
      resendVerification,
    },
    guards: {
      isEditableField: ({ event }) => (event as { field?: SignupField }).field !== 'email',
      hasValidationError: ({ context }) => validateSignup(context) !== null,
      isMissingCaptcha: ({ context }) => context.captchaToken === null,
    },
    actions: {
      assignField: assign(({ context, event }) => {
        if (event.type !== 'form.change') return {};
        return { ...context, [event.field]: event.value };
      }),
      acceptTerms: assign({ acceptTerms: true }),
      declineTerms: assign({ acceptTerms: false }),
      assignCaptchaToken: assign({ captchaToken: ({ event }) => (event.type === 'captcha.solve' ? event.token : null) }),
      clearCaptchaToken: assign({ captchaToken: null }),
      spendCaptchaToken: assign({ captchaToken: null, captchaRound: ({ context }) => context.captchaRound + 1 }),
      assignValidationError: assign({ error: ({ context }) => ({ code: validateSignup(context)! }) }),
      assignCaptchaRequired: assign({ error: { code: 'CaptchaRequired' } }),
      assignFailure: assign({ error: ({ event }) => signupFailureFrom((event as { error?: unknown }).error) }),
      assignMessage: assign({ message: ({ event }) => (event as { output?: { message?: string } }).output?.message ?? '' }),
      clearError: assign({ error: null }),
    },
  }).createMachine({
    id: direct ? 'signup' : 'signup-invited',
    description: direct
      ? 'Create an account with email, name, password, the terms and a solved captcha; then offer to resend the verification mail.'
      : 'Create the invited account: the email is fixed by the invitation, there is no captcha and nothing to verify afterwards.',
    context: ({ input }) => ({
      email: input.email ?? '',
      friendlyName: '',
      password: '',
      acceptTerms: false,
      captchaToken: null,
      captchaRound: 0,
      error: null,
      message: null,
    }),
    initial: 'editing',
    states: {
      editing: {
        initial: 'termsPending',
        on: {
          // Invited: the invitation fixed the email.
          'form.change': direct ? { actions: 'assignField' } : { guard: 'isEditableField', actions: 'assignField' },
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
                { target: '#' + (direct ? 'signup' : 'signup-invited') + '.submitting', actions: 'clearError' },
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
          onDone: { target: 'signedUp', actions: 'assignMessage' },
          // Only an accepted form gets here, so the way back is to the accepted form; a token is single use.
          onError: { target: 'editing.termsAccepted', actions: direct ? ['assignFailure', 'spendCaptchaToken'] : 'assignFailure' },
        },
      },
      signedUp: direct
        ? { description: 'The form is replaced by the server message; the verification mail can be sent again.', ...resendVerificationStates() }
        : { description: 'The form is replaced by the server message and a way to sign in.', type: 'final' as const },
    },
  });
}

export const signupMachine = createSignupMachine('direct');
