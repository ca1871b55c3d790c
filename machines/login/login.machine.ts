import { assign, fromPromise, setup } from 'xstate';
import { loginAccount, validateLogin } from '#shared-domain/login.ts';
import { type Failure, failure, output } from '../shared/actor-result.ts';
import { type LoginFailure, loginFailureFrom } from './login.errors.ts';

export interface LoginInput {
  returnTo: string | null;
  shortLived: boolean;
  /**
   * Whether the session companion cookie is present. Without it there is nothing to resume, and the form is the
   * first thing shown: the same screen the server renders, so the page does not flash a spinner before the form.
   */
  sessionCookie: boolean;
}

export interface LoginContext extends LoginInput {
  username: string;
  password: string;
  error: LoginFailure | null;
  /** Epoch ms when an account lock ends; the view counts down to it. */
  lockedUntil: number | null;
  /** The account (loginAccount) that lock belongs to: another email is not locked, this one stays locked. */
  lockedAccount: string | null;
  redirect: string | null;
}

export interface LoginRequest {
  username: string;
  password: string;
  returnTo: string | null;
  shortLived: boolean;
}

export type LoginEvent =
  | { type: 'form.change'; field: 'username' | 'password'; value: string }
  | { type: 'form.submit' };

/** Both actors answer the URL to go to; resumeSession answers null when there is no session to resume. */
type RedirectOutput = { redirect: string };

const typedAccount = (event: LoginEvent) =>
  // Stryker disable next-line ConditionalExpression: asked only on form.change (the test narrows the type).
  event.type === 'form.change' && event.field === 'username' ? loginAccount(event.value) : null;

export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    resumeSession: fromPromise<RedirectOutput | null, { returnTo: string | null }>(async () => null),
    submitLogin: fromPromise<RedirectOutput, LoginRequest>(async () => {
      throw new Error('submitLogin must be provided');
    }),
  },
  delays: {
    lockExpired: ({ context }) => Math.max(0, (context.lockedUntil ?? 0) - Date.now()),
  },
  guards: {
    noSessionCookie: ({ context }) => !context.sessionCookie,
    hasRedirect: (_, answer: RedirectOutput | null) => Boolean(answer?.redirect),
    hasValidationError: ({ context }) => validateLogin(context) !== null,
    isAccountNotVerified: (_, { error }: Failure) => loginFailureFrom(error).code === 'AccountNotVerified',
    // A lock without a known duration cannot be waited out on screen: it is shown as a plain error instead.
    isAccountLockedFor: (_, { error }: Failure) => {
      const failure = loginFailureFrom(error);
      // Stryker disable next-line ConditionalExpression: only an AccountLocked failure carries lockSeconds.
      return failure.code === 'AccountLocked' && (failure.lockSeconds ?? 0) > 0;
    },
    isOtherAccount: ({ context, event }) => {
      const account = typedAccount(event);
      return account !== null && account !== context.lockedAccount;
    },
    // Typing the locked account's email back while its lock runs shows the lock again instead of a form the server
    // would only refuse.
    isLockedAccount: ({ context, event }) =>
      // Stryker disable next-line ConditionalExpression: no locked account, no lockedUntil either (assignLock, clearLock).
      context.lockedAccount !== null &&
      typedAccount(event) === context.lockedAccount &&
      (context.lockedUntil ?? 0) > Date.now(),
  },
  actions: {
    assignField: assign(({ context, event }) => {
      // Stryker disable next-line ConditionalExpression: taken only on form.change (the test narrows the type).
      if (event.type !== 'form.change') return {};
      return { ...context, [event.field]: event.value };
    }),
    assignValidationError: assign({ error: ({ context }) => ({ code: validateLogin(context)! }) }),
    // Stryker disable next-line OptionalChaining: taken after hasRedirect or a login's answer, never with null.
    assignRedirect: assign({ redirect: (_, answer: RedirectOutput | null) => answer?.redirect ?? null }),
    assignFailure: assign({ error: (_, { error }: Failure) => loginFailureFrom(error) }),
    assignLock: assign(({ context }, { error }: Failure) => {
      const failure = loginFailureFrom(error);
      return {
        error: failure,
        // Stryker disable next-line ConditionalExpression: taken only after isAccountLockedFor.
        lockedUntil: Date.now() + (failure.code === 'AccountLocked' ? (failure.lockSeconds ?? 0) : 0) * 1000,
        lockedAccount: loginAccount(context.username),
      };
    }),
    assignLockShown: assign({
      error: ({ context }) => ({
        code: 'AccountLocked' as const,
        lockSeconds: Math.ceil(Math.max(0, (context.lockedUntil ?? 0) - Date.now()) / 1000),
      }),
    }),
    clearError: assign({ error: null }),
    clearLock: assign({ error: null, lockedUntil: null, lockedAccount: null }),
  },
}).createMachine({
  id: 'login',
  description: 'Sign in with email and password, or resume an existing session straight to return_to.',
  context: ({ input }) => ({
    returnTo: input.returnTo,
    shortLived: input.shortLived,
    sessionCookie: input.sessionCookie,
    username: '',
    password: '',
    error: null,
    lockedUntil: null,
    lockedAccount: null,
    redirect: null,
  }),
  initial: 'resuming',
  states: {
    resuming: {
      description: 'A session cookie may exist: ask the server for the redirect before showing the form.',
      tags: ['busy'],
      always: { guard: 'noSessionCookie', target: 'editing' },
      invoke: {
        id: 'resumeSession',
        src: 'resumeSession',
        input: ({ context }) => ({ returnTo: context.returnTo }),
        onDone: [
          {
            guard: { type: 'hasRedirect', params: output },
            target: 'redirecting',
            actions: { type: 'assignRedirect', params: output },
          },
          { target: 'editing' },
        ],
        onError: { target: 'editing' },
      },
    },
    editing: {
      on: {
        'form.change': [
          { guard: 'isLockedAccount', target: 'locked', actions: ['assignField', 'assignLockShown'] },
          { actions: 'assignField' },
        ],
        'form.submit': [
          { guard: 'hasValidationError', target: 'editing', actions: 'assignValidationError', reenter: false },
          { target: 'submitting', actions: 'clearError' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context }) => ({
          username: context.username,
          password: context.password,
          returnTo: context.returnTo,
          shortLived: context.shortLived,
        }),
        onDone: { target: 'redirecting', actions: { type: 'assignRedirect', params: output } },
        onError: [
          { guard: { type: 'isAccountNotVerified', params: failure }, target: 'needsVerification' },
          {
            guard: { type: 'isAccountLockedFor', params: failure },
            target: 'locked',
            actions: { type: 'assignLock', params: failure },
          },
          { target: 'editing', actions: { type: 'assignFailure', params: failure } },
        ],
      },
    },
    locked: {
      description:
        'Too many failed attempts: the form waits out the lock the server reported, unless another account is typed.',
      tags: ['error'],
      on: {
        'form.change': [
          { guard: 'isOtherAccount', target: 'editing', actions: ['assignField', 'clearError'] },
          { actions: 'assignField' },
        ],
      },
      after: { lockExpired: { target: 'editing', actions: 'clearLock' } },
    },
    redirecting: {
      description: 'Signed in: the page navigates to the redirect the server checked.',
      type: 'final',
      tags: ['busy'],
    },
    needsVerification: {
      description: 'The account exists but its email is not verified yet: go to the resend page.',
      type: 'final',
    },
  },
});
