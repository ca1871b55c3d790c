import { NAME_MAX_LENGTH, validateSignup } from '#shared-domain/account.ts';
import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { RequestProblem } from '../shared/request-problem.ts';
import type { InvitationProblem, SignupFailure } from './signup.errors.ts';
import type { SignupContext, SignupKind } from './signup.machine.ts';

/** Model cases shared by the headless tests and the tests through the views of both signup pages. */
export const filled = { email: 'ann@example.com', friendlyName: 'Ann', password: 'Secret1234' } as const;
export const CAPTCHA_TOKEN = 'captcha-token-1';
export const SUCCESS_MESSAGE = 'Account created. Check your inbox to verify your email.';
export const INVITED_SUCCESS_MESSAGE = 'Welcome to the group. You can sign in now.';
/** The address the server says the invitation is for; the link's query may name another, which the page ignores. */
export const INVITED_EMAIL = 'ivy@example.com';

/** What POST signup/new or signup/invite may answer, and what the machine must keep (written by hand). */
export const submitFailures: Array<{ label: string; error: ApiError; failure: SignupFailure }> = [
  {
    label: '409 with a message',
    error: new ApiError(409, {
      ...apiErrorBody('EmailAlreadyRegistered'),
      message: 'This email is already registered',
    }),
    failure: { serverMessage: 'This email is already registered' },
  },
  {
    label: '400 MISSING_NAME',
    error: apiErrorOf('MissingName'),
    failure: { code: 'MISSING_NAME' },
  },
  {
    // The server's English words for a rate limit or a schema refusal are never shown: the page words the facts.
    label: '429 (120 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 120 }),
      message: 'Too many requests',
    }),
    failure: { code: 'RateLimited', retryAfterSeconds: 120 },
  },
  {
    label: '400 name over its limit',
    error: new ApiError(400, {
      ...apiErrorBody('ValidationError', {
        field: 'friendly_name',
        problem: 'too_long',
        limit: NAME_MAX_LENGTH,
        issues: [{ field: 'friendly_name', problem: 'too_long', limit: NAME_MAX_LENGTH }],
      }),
      message: 'friendly_name: at most 100 characters',
    }),
    failure: { code: 'FieldProblem', field: 'friendly_name', problem: 'too_long', limit: NAME_MAX_LENGTH },
  },
  {
    label: '500',
    error: new ApiError(500, { ...apiErrorBody('InternalError'), message: 'db down' }),
    failure: { code: 'AnErrorOccured' },
  },
  { label: 'network failure', error: new ApiError(0, null), failure: { code: 'AnErrorOccured' } },
];

/** Invited only: POST signup/invite refuses the link itself, so the page checks it again (never a form that can only fail). */
export const invitationRefusal = {
  label: '400 INVALID_TOKEN',
  error: new ApiError(400, {
    ...apiErrorBody('InvalidToken'),
    message: 'The link is invalid or has expired',
  }),
};

/**
 * What GET signup/invite/check may fail with, and the invalid-invitation reason each must give (null: Retry instead,
 * with `retryProblem` worded when the server said why it did not answer).
 */
export const invitationCheckFailures: Array<{
  label: string;
  error: ApiError;
  problem: InvitationProblem | null;
  retryProblem?: RequestProblem;
}> = [
  {
    label: '404 INVITATION_NOT_FOUND',
    error: apiErrorOf('InvitationNotFound'),
    problem: 'InvitationNotFound',
  },
  {
    label: '410 INVITATION_USED',
    error: apiErrorOf('InvitationUsed'),
    problem: 'InvitationUsed',
  },
  {
    label: '410 INVITATION_EXPIRED',
    error: apiErrorOf('InvitationExpired'),
    problem: 'InvitationExpired',
  },
  {
    label: '409 EMAIL_ALREADY_REGISTERED',
    error: apiErrorOf('EmailAlreadyRegistered'),
    problem: 'InvitationEmailRegistered',
  },
  {
    label: '400 VALIDATION_ERROR',
    error: apiErrorOf('ValidationError'),
    problem: 'InvitationNotFound',
  },
  {
    // Too many requests says nothing about the link: neither an invalid invitation nor a generic failure, but the wait.
    label: '429 (30 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 30 }),
      message: 'Too many requests',
    }),
    problem: null,
    retryProblem: { code: 'RateLimited', retryAfterSeconds: 30 },
  },
  { label: 'network failure', error: new ApiError(0, null), problem: null },
  { label: '503', error: new ApiError(503, null), problem: null },
];

/** What the resend after signing up may fail with, and the refusal the page must word (null: its generic words). */
export const resendFailures: Array<{ label: string; error: ApiError; problem: RequestProblem | null }> = [
  {
    label: '429 (120 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 120 }),
      message: 'Too many requests',
    }),
    problem: { code: 'RateLimited', retryAfterSeconds: 120 },
  },
  { label: '500', error: apiErrorOf('InternalError'), problem: null },
  {
    label: '400 ALREADY_VERIFIED',
    error: apiErrorOf('AlreadyVerified'),
    problem: null,
  },
];

const allEvents = (kind: SignupKind): ModelEvent[] => [
  ...(kind === 'invited'
    ? [
        { type: 'xstate.done.actor.checkInvitation', output: { email: INVITED_EMAIL } },
        ...invitationCheckFailures.map(({ error }) => ({ type: 'xstate.error.actor.checkInvitation' as const, error })),
        { type: 'check.retry' },
        { type: 'xstate.error.actor.submitSignup', error: invitationRefusal.error },
      ]
    : []),
  ...(Object.keys(filled) as Array<keyof typeof filled>).map((field) => ({
    type: 'form.change',
    field,
    value: filled[field],
  })),
  { type: 'terms.accept' },
  { type: 'terms.decline' },
  ...(kind === 'direct' ? [{ type: 'captcha.solve', token: CAPTCHA_TOKEN }, { type: 'captcha.expire' }] : []),
  { type: 'form.submit' },
  {
    type: 'xstate.done.actor.submitSignup',
    output: { message: kind === 'direct' ? SUCCESS_MESSAGE : INVITED_SUCCESS_MESSAGE },
  },
  ...submitFailures.map(({ error }) => ({ type: 'xstate.error.actor.submitSignup' as const, error })),
  ...(kind === 'direct'
    ? [
        { type: 'resend.request' },
        { type: 'xstate.done.actor.resendVerification', output: undefined },
        ...resendFailures.map(({ error }) => ({ type: 'xstate.error.actor.resendVerification' as const, error })),
      ]
    : []),
];

/**
 * Every event the page can meet, less the ones that change nothing here (a field typed again with the same value, a
 * token solved twice): those would only add paths that show what the path before them showed.
 */
export function signupEvents(kind: SignupKind) {
  const events = allEvents(kind);
  return (snapshot: { context: SignupContext }): ModelEvent[] =>
    events.filter((event) => {
      const { context } = snapshot;
      if (event.type === 'form.change') return context[event.field as keyof typeof filled] !== event.value;
      if (event.type === 'captcha.solve') return context.captchaToken === null;
      if (event.type === 'captcha.expire') return context.captchaToken !== null;
      return true;
    });
}

/**
 * Guards read the validation result (the terms are mostly the state itself, so the rest of the form is checked as if
 * they were accepted), whether a captcha token is held and whether the terms were accepted; nothing else goes in.
 */
export const serializeSignupContext = (context: SignupContext) => ({
  invalid: validateSignup({ ...context, acceptTerms: true }),
  captcha: context.captchaToken !== null,
  // Read by the invited page's check when it comes back from a refused form.
  terms: context.acceptTerms,
});

export function describeSignupEvent(event: ModelEvent): string {
  const e = event as { type: string; field?: string; value?: string; error?: unknown };
  if (e.type === 'form.change') return `${e.field} = ${JSON.stringify(e.value)}`;
  const failure = [...submitFailures, invitationRefusal, ...invitationCheckFailures, ...resendFailures].find(
    (f) => f.error === e.error,
  );
  if (failure) return `${e.type.slice(19)} fails ${failure.label}`;
  if (e.type.startsWith('xstate.done.actor.')) return `${e.type.slice(18)} succeeds`;
  if (e.type.startsWith('xstate.error.actor.')) return `${e.type.slice(19)} fails`;
  return e.type;
}

/** What the headless test of either page explores and `npm run paths` exports (machines/model-cases.ts). */
export function signupExplore(kind: SignupKind): ExploreOptions {
  return { events: signupEvents(kind), describeEvent: describeSignupEvent, serializeContext: serializeSignupContext };
}
