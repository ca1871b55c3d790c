import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { LoginFailure } from '#machines/login/login.errors.ts';
import { type LoginInput, loginMachine } from '#machines/login/login.machine.ts';
import {
  LOCK_SECONDS,
  LOCKING,
  loginEvents,
  loginModelContext,
  submitFailures,
} from '#machines/login/login.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import { apiErrorBody } from '#shared-domain/error-body.ts';
import { LOGIN_PASSWORD_MAX_LENGTH, loginAccount } from '#shared-domain/login.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
  type ModelStep,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import {
  clearSessionClaims,
  expectErrorFocus,
  expectFirstFieldFocused,
  expectLanded,
  expectNoAlert,
  fillIn,
  landing,
  renderRoutes,
  setSessionClaims,
  urlOf,
} from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { LoginPage } from './login-page.tsx';

const server = setupMswServer();
const RETURN_TO = '/pages/main?from=consent';
const QUERY = `?return_to=${encodeURIComponent(RETURN_TO)}&short_lived=true`;
const PAGE = `/pages/login${QUERY}`;

/**
 * What a reader must see for each failure code, in English, written out by hand (null: the page navigates away), and
 * the field the message is about, where focus goes (decision 0009; null: the message itself takes focus).
 */
const expectedText: Record<LoginFailure['code'], { text: string; field: Label | null } | null> = {
  MISSING_EMAIL: { text: 'Please enter your email', field: 'Email' },
  MISSING_PASSWORD: { text: 'Please enter your password', field: 'Password' },
  EmailNotRegistered: { text: 'This email is not registered', field: 'Email' },
  AccountNotVerified: null,
  AccountLocked: { text: 'Your account is locked because of too many failed login attempts.', field: null },
  InvalidEmailOrPassword: { text: 'Invalid email or password', field: null },
  UnexpectedError: { text: 'Unexpected error, please try again later', field: null },
  LoginTooLong: { text: 'The email or password is too long', field: null },
  RateLimited: { text: 'Too many attempts. Try again in 1 min 0 s.', field: null },
  FieldProblem: { text: 'Email: at most 254 characters', field: 'Email' },
  // Not answered by the login (a body too large is LoginTooLong), listed for completeness.
  RequestTooLarge: { text: 'What you entered is too long', field: null },
  RequestRefused: { text: 'The request was not valid, please try again', field: null },
  AnErrorOccured: { text: 'An error occured, please try again later', field: null },
};

type Label = 'Email' | 'Password';
type Expected = (typeof expectedText)[keyof typeof expectedText];

interface Ctx {
  requests: DeferredQueue<'resumeSession' | 'submitLogin'>;
  typed: { username: string; password: string };
  expectedText: Expected;
  redirect: string | null;
  /** The account the last answer locked, while its lock runs. */
  lockedAccount: string | null;
  /** Moves the fake clock on for its own waits: the clock only moves with real time otherwise. */
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof renderRoutes>['router'] | null;
}

/** The wire form of a model outcome: JSON with the status, or a dropped connection for a network failure. */
function toResponse(event: ModelEvent): Response {
  if ('output' in event) {
    const output = event.output as { redirect: string } | null;
    return output
      ? HttpResponse.json({ success: true, redirect: output.redirect })
      : HttpResponse.json(apiErrorBody('NoSession'), { status: 401 });
  }
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const field = (name: Label) => screen.getByLabelText(name) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: /Log in|Processing/ });

async function expectForm(ctx: Ctx) {
  await waitFor(() => expect(field('Email')).toHaveValue(ctx.typed.username));
  expect(field('Password')).toHaveValue(ctx.typed.password);
  if (ctx.expectedText) expect(await screen.findByRole('alert')).toHaveTextContent(ctx.expectedText.text);
  else expectNoAlert();
  // The login page never leaves its address while the form is on show.
  expect(urlOf(ctx.router!)).toBe(PAGE);
}

/** Where focus is after the step (decision 0009), where the step says: the form appeared, or an answer failed it. */
async function expectFocus(ctx: Ctx, step: ModelStep) {
  const { type } = step.event;
  if (type === 'xstate.init' || type.endsWith('.actor.resumeSession')) await expectFirstFieldFocused(field('Email'));
  else if (ctx.expectedText && (type === 'form.submit' || type === 'xstate.error.actor.submitLogin')) {
    const { field: about } = ctx.expectedText;
    await expectErrorFocus(screen.getByRole('alert'), about ? field(about) : null);
  }
}

describeModel<typeof loginMachine, Ctx>(
  loginMachine,
  withViewChecks({
    name: 'login page through the view',
    // With a session cookie the page asks the server before it shows the form; without one the form is the first render.
    inputs: [
      { label: 'session cookie', input: { returnTo: RETURN_TO, shortLived: true, sessionCookie: true } },
      { label: 'no session cookie', input: { returnTo: RETURN_TO, shortLived: true, sessionCookie: false } },
    ],
    events: loginEvents(RETURN_TO),
    serializeContext: loginModelContext,
    setup: (start): Ctx => {
      vi.useFakeTimers({ shouldAdvanceTime: true, advanceTimeDelta: 1 });
      const ctx: Ctx = {
        requests: createDeferredQueue(),
        typed: { username: '', password: '' },
        expectedText: null,
        redirect: null,
        lockedAccount: null,
        user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
        router: null,
      };
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.post('/api/login', async ({ request }) => {
          const body = (await request.json()) as Record<string, unknown>;
          return (await ctx.requests.take('username' in body ? 'submitLogin' : 'resumeSession', body)) as Response;
        }),
      );
      if ((start as LoginInput).sessionCookie) setSessionClaims({ apiAccess: false, isGroupOwner: false });
      else clearSessionClaims();
      localStorage.setItem('apiAccess', 'true');
      ({ router: ctx.router } = renderRoutes(
        [{ path: '/pages/login', element: <LoginPage /> }, landing('/pages/main'), landing('/pages/signup/resend')],
        PAGE,
      ));
      return ctx;
    },
    teardown: () => vi.useRealTimers(),
    exec: {
      'form.change': async (step, ctx) => {
        const { field: name, value } = step.event as unknown as { field: 'username' | 'password'; value: string };
        ctx.typed[name] = value;
        if (name === 'username' && ctx.lockedAccount) {
          // Another account is not locked, so Log in is back; the locked one is locked again once its email is back.
          if (loginAccount(value) === ctx.lockedAccount) ctx.expectedText = expectedText.AccountLocked;
          else if (step.previous!.matches('locked')) ctx.expectedText = null;
        }
        await fillIn(ctx.user, field(name === 'username' ? 'Email' : 'Password'), value);
      },
      'form.submit': async (_step, ctx) => {
        const { username, password } = ctx.typed;
        ctx.expectedText =
          username === '' ? expectedText.MISSING_EMAIL : password === '' ? expectedText.MISSING_PASSWORD : null;
        // product.md §2: Enter in either field submits.
        await ctx.user.type(field('Password'), '{Enter}');
      },
      'xstate.done.actor.resumeSession': (step, ctx) => {
        ctx.redirect = (step.event as { output: { redirect: string } | null }).output?.redirect ?? null;
        ctx.requests.resolve('resumeSession', toResponse(step.event));
      },
      'xstate.error.actor.resumeSession': (step, ctx) => ctx.requests.resolve('resumeSession', toResponse(step.event)),
      'xstate.done.actor.submitLogin': (step, ctx) => {
        ctx.redirect = (step.event as { output: { redirect: string } }).output.redirect;
        ctx.requests.resolve('submitLogin', toResponse(step.event));
      },
      'xstate.error.actor.submitLogin': (step, ctx) => {
        const failure = submitFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
        ctx.expectedText = expectedText[failure.code];
        if (failure === LOCKING) ctx.lockedAccount = loginAccount(ctx.typed.username);
        ctx.requests.resolve('submitLogin', toResponse(step.event));
      },
      'xstate.after.lockExpired.login.locked': async (_step, ctx) => {
        await vi.advanceTimersByTimeAsync(LOCK_SECONDS * 1000);
        ctx.expectedText = null;
        ctx.lockedAccount = null;
      },
    },
    states: {
      resuming: async (_snapshot, ctx) => {
        expect(await screen.findByLabelText('Processing')).toBeInTheDocument();
        expect(screen.queryByLabelText('Email')).toBeNull();
        expect(urlOf(ctx.router!)).toBe(PAGE);
        await waitFor(() => expect(ctx.requests.inputs('resumeSession')).toEqual([{ return_to: RETURN_TO }]));
        // product.md §3: the cached flag is removed on the login page.
        expect(localStorage.getItem('apiAccess')).toBeNull();
      },
      editing: async (snapshot, ctx, step) => {
        await screen.findByRole('button', { name: 'Log in' });
        if (!snapshot.context.sessionCookie) expect(ctx.requests.inputs('resumeSession')).toEqual([]);
        expect(submitButton()).toBeEnabled();
        await expectForm(ctx);
        await expectFocus(ctx, step);
        // product.md §2.1: on a wide screen the links carry the whole query on.
        expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
          'href',
          `/pages/recover${QUERY}`,
        );
        expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/pages/signup${QUERY}`);
      },
      submitting: async (_snapshot, ctx) => {
        const button = await screen.findByRole('button', { name: 'Processing' });
        expect(button).toBeDisabled();
        await waitFor(() => expect(ctx.requests.pending('submitLogin')).toBe(1));
        expect(ctx.requests.lastInput('submitLogin')).toEqual({
          ...ctx.typed,
          return_to: RETURN_TO,
          short_lived: true,
        });
      },
      locked: async (_snapshot, ctx, step) => {
        await expectForm(ctx);
        await expectFocus(ctx, step);
        expect(await screen.findByTestId('lock-countdown')).toHaveTextContent(/^Try again in 1 min (30|29|28) s\.$/);
        expect(screen.getByRole('alert')).toHaveTextContent(
          /^Your account is locked because of too many failed login attempts\. Try again in/,
        );
        expect(submitButton()).toBeDisabled();
      },
      redirecting: async (_snapshot, ctx) => {
        // Exactly where the server said, its query included: the session resumed to /pages/main, a login to return_to.
        await expectLanded(ctx.router!, ctx.redirect!);
      },
      needsVerification: async (_snapshot, ctx) => {
        // The resend page gets the address the server said needs verifying.
        await expectLanded(ctx.router!, `/pages/signup/resend?email=${encodeURIComponent(ctx.typed.username)}`);
      },
    },
  }),
);

describe('login form limits', () => {
  it('stops typing at the limits the server enforces', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    clearSessionClaims();
    renderRoutes([{ path: '/pages/login', element: <LoginPage /> }], '/pages/login');
    const user = userEvent.setup();
    for (const [label, limit] of [
      ['Email', EMAIL_MAX_LENGTH],
      ['Password', LOGIN_PASSWORD_MAX_LENGTH],
    ] as const) {
      const input = (await screen.findByLabelText(label)) as HTMLInputElement;
      await user.click(input);
      await user.paste('x'.repeat(limit + 10));
      expect(input.value).toHaveLength(limit);
    }
  });
});
