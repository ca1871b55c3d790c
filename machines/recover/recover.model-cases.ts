import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { RequestProblem } from '../shared/request-problem.ts';
import { type RecoverErrorCode, type RecoverFailure, validateRecoverEmail } from './recover.errors.ts';
import type { RecoverContext } from './recover.machine.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
export const ADDRESS = 'ann@example.com';

/** What the reader types, and what a submit must then report (written by hand). */
export const typedEmails: Record<string, RecoverErrorCode | null> = {
  '': 'PleaseFillInEmail',
  'ann@': 'EmailInIncorrectFormat',
  [ADDRESS]: null,
};

/** What GET password/recover may answer the first request with, and the failure the form must show. */
export const sendFailures: Array<{ label: string; error: ApiError; code: RecoverFailure }> = [
  {
    label: '400 code 82',
    error: apiErrorOf('EmailNotRegistered'),
    code: 'EmailNotRegistered',
  },
  {
    // The server's English words are never shown: the page says it from the code.
    label: '429 (90 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 90 }),
      message: 'Too many requests, please try again later',
    }),
    code: { code: 'RateLimited', retryAfterSeconds: 90 },
  },
  {
    label: '500',
    error: apiErrorOf('InternalError'),
    code: 'AnErrorOccured',
  },
  { label: 'network failure', error: new ApiError(0, null), code: 'AnErrorOccured' },
];

const RATE_LIMITED: RequestProblem = { code: 'RateLimited', retryAfterSeconds: null };

/**
 * What a resend may answer, the server message the confirmation must show (null: the page's own words) and the
 * refusal of the request it must word itself.
 */
export const resendFailures: Array<{
  label: string;
  error: ApiError;
  serverMessage: string | null;
  problem: RequestProblem | null;
}> = [
  {
    label: '400 code 82 with the server message',
    error: new ApiError(400, {
      ...apiErrorBody('EmailNotRegistered'),
      message: 'Email is not registered.',
    }),
    serverMessage: 'Email is not registered.',
    problem: null,
  },
  {
    label: '429 with an English message',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited'),
      message: 'Too many requests',
    }),
    serverMessage: null,
    problem: RATE_LIMITED,
  },
  {
    // A 5xx body holds only the error handler's generic line: the page's own words read better.
    label: '500',
    error: new ApiError(500, {
      ...apiErrorBody('InternalError'),
      message: 'Internal server error',
    }),
    serverMessage: null,
    problem: null,
  },
  { label: 'network failure', error: new ApiError(0, null), serverMessage: null, problem: null },
];

const allEvents: ModelEvent[] = [
  ...Object.keys(typedEmails).map((value) => ({ type: 'form.change', value })),
  { type: 'form.submit' },
  { type: 'recovery.resend' },
  { type: 'xstate.done.actor.sendRecovery', output: undefined },
  ...sendFailures.map(({ error }) => ({ type: 'xstate.error.actor.sendRecovery' as const, error })),
  { type: 'xstate.done.actor.resendRecovery', output: undefined },
  ...resendFailures.map(({ error }) => ({ type: 'xstate.error.actor.resendRecovery' as const, error })),
];

/** Every event, less typing the value the field already holds (a path that shows what the one before it showed). */
export function recoverEvents(snapshot: { context: RecoverContext }): ModelEvent[] {
  return allEvents.filter((event) => event.type !== 'form.change' || event.value !== snapshot.context.email);
}

/** Guards read only whether the field passes the email rule; the resend outcome lets paths resend after a failure. */
export function serializeRecover(context: RecoverContext) {
  return { invalid: validateRecoverEmail(context.email), resend: context.resend?.kind ?? null };
}

/** The events in words, as a test plan reads them (a path's id hashes them: model-graph.ts's pathIds). */
export function describeRecoverEvent(event: ModelEvent): string {
  const e = event as { type: string; value?: string; error?: unknown };
  if (e.type === 'form.change') return e.value ? `type ${JSON.stringify(e.value)} as the email` : 'clear the email';
  if (e.type === 'form.submit') return 'submit the form';
  if (e.type === 'recovery.resend') return 'ask for the mail again';
  if (e.type === 'xstate.done.actor.sendRecovery') return 'the server sends the recovery mail';
  if (e.type === 'xstate.error.actor.sendRecovery')
    return `the server answers ${sendFailures.find((f) => f.error === e.error)!.label}`;
  if (e.type === 'xstate.done.actor.resendRecovery') return 'the server sends the mail again';
  if (e.type === 'xstate.error.actor.resendRecovery')
    return `sending again, the server answers ${resendFailures.find((f) => f.error === e.error)!.label}`;
  return e.type;
}

export const RECOVER_INPUT = { email: '' };

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const recoverExplore: ExploreOptions = {
  input: RECOVER_INPUT,
  events: recoverEvents,
  describeEvent: describeRecoverEvent,
  serializeContext: serializeRecover,
};
