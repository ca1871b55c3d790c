import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { RecoverErrorCode } from '#machines/recover/recover.errors.ts';
import { recoverMachine } from '#machines/recover/recover.machine.ts';
import {
  ADDRESS,
  recoverEvents,
  resendFailures,
  sendFailures,
  serializeRecover,
  typedEmails,
} from '#machines/recover/recover.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import {
  expectErrorFocus,
  expectFirstFieldFocused,
  expectNoAlert,
  fillIn,
  renderRoutes,
  type TestRouter,
  urlOf,
  waitFor,
} from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { RecoverPage } from './recover-page.tsx';

const server = setupMswServer();
const START = '/pages/recover?return_to=%2Fpages%2Fmain';

/** What a reader must see for each code the machine keeps, in English, written out by hand. */
const texts: Record<RecoverErrorCode, string> = {
  PleaseFillInEmail: 'Please fill in your email',
  EmailInIncorrectFormat: 'Email is in incorrect format',
  EmailNotRegistered: 'This email is not registered',
  AnErrorOccured: 'An error occured, please try again later',
};
/** The rate-limit answers, worded by the page (the server's English message is never shown). */
const RATE_LIMITED_IN_90_S = 'Too many attempts. Try again in 1 min 30 s.';
const RATE_LIMITED = 'Too many attempts. Please try again later.';
const RESENT = 'We have resent the recovery email';
const RESEND_FAILED = 'An error occurred when resending the email, please try again later';
/** The errors about the address, where focus goes (decision 0009); any other takes focus to the message. */
const ABOUT_EMAIL = new Set([texts.PleaseFillInEmail, texts.EmailInIncorrectFormat, texts.EmailNotRegistered]);

interface Ctx {
  requests: DeferredQueue<'sendRecovery' | 'resendRecovery'>;
  /** Once the first mail went out, every further request is a resend from the confirmation. */
  sent: boolean;
  typed: string;
  expectedError: string | null;
  expectedResend: { kind: 'success' | 'error'; text: string } | null;
  router: TestRouter;
}

function toResponse(event: ModelEvent): Response {
  if (!('error' in event)) return HttpResponse.json({ success: true, message: 'Recovery email sent' });
  const error = event.error as ApiError;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const emailField = () => screen.getByLabelText('Email') as HTMLInputElement;
const expectedQuery = { return_to: '/pages/main', email: ADDRESS, language: 'en-us' };

async function expectForm(ctx: Ctx, event: ModelEvent) {
  const button = await screen.findByRole('button', { name: 'Send' });
  expect(button).toBeEnabled();
  expect(emailField()).toHaveValue(ctx.typed);
  expect(urlOf(ctx.router)).toBe(START);
  // Decision 0009: the form starts on its field, and a failure takes focus to it or to the message.
  if (event.type === 'xstate.init') await expectFirstFieldFocused(emailField());
  if (!ctx.expectedError) expectNoAlert();
  else {
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ctx.expectedError);
    if (event.type === 'form.submit' || event.type === 'xstate.error.actor.sendRecovery')
      await expectErrorFocus(alert, ABOUT_EMAIL.has(ctx.expectedError) ? emailField() : null);
  }
  // Links carry the page's query on a wide screen, as the login page's do.
  expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute(
    'href',
    '/pages/login?return_to=%2Fpages%2Fmain',
  );
}

describeModel<typeof recoverMachine, Ctx>(
  recoverMachine,
  withViewChecks({
    name: 'recover page through the view',
    input: { email: '' },
    events: recoverEvents,
    serializeContext: serializeRecover,
    setup: (): Ctx => {
      const ctx: Ctx = {
        requests: createDeferredQueue(),
        sent: false,
        typed: '',
        expectedError: null,
        expectedResend: null,
      } as Omit<Ctx, 'router'> as Ctx;
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get('/api/password/recover', async ({ request }) => {
          const query = Object.fromEntries(new URL(request.url).searchParams);
          return (await ctx.requests.take(ctx.sent ? 'resendRecovery' : 'sendRecovery', query)) as Response;
        }),
      );
      ctx.router = renderRoutes([{ path: '/pages/recover', element: <RecoverPage /> }], START).router;
      return ctx;
    },
    exec: {
      'form.change': async (step, ctx) => {
        ctx.typed = (step.event as unknown as { value: string }).value;
        await fillIn(userEvent, emailField(), ctx.typed);
      },
      'form.submit': async (_step, ctx) => {
        const code = typedEmails[ctx.typed];
        ctx.expectedError = code ? texts[code] : null;
        await userEvent.type(emailField(), '{Enter}');
      },
      'recovery.resend': async (_step, ctx) => {
        ctx.expectedResend = null;
        await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
      },
      'xstate.done.actor.sendRecovery': (step, ctx) => {
        ctx.sent = true;
        ctx.requests.resolve('sendRecovery', toResponse(step.event));
      },
      'xstate.error.actor.sendRecovery': (step, ctx) => {
        const { code } = sendFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
        ctx.expectedError = typeof code === 'string' ? texts[code] : RATE_LIMITED_IN_90_S;
        ctx.requests.resolve('sendRecovery', toResponse(step.event));
      },
      'xstate.done.actor.resendRecovery': (step, ctx) => {
        ctx.expectedResend = { kind: 'success', text: RESENT };
        ctx.requests.resolve('resendRecovery', toResponse(step.event));
      },
      'xstate.error.actor.resendRecovery': (step, ctx) => {
        const { serverMessage, problem } = resendFailures.find(
          (f) => f.error === (step.event as { error: unknown }).error,
        )!;
        ctx.expectedResend = { kind: 'error', text: problem ? RATE_LIMITED : (serverMessage ?? RESEND_FAILED) };
        ctx.requests.resolve('resendRecovery', toResponse(step.event));
      },
    },
    states: {
      idle: (_snapshot, ctx, step) => expectForm(ctx, step.event),
      error: async (_snapshot, ctx, step) => {
        await expectForm(ctx, step.event);
        expect(ctx.expectedError).not.toBeNull();
      },
      sending: async (_snapshot, ctx) => {
        expect(await screen.findByRole('button', { name: 'Processing' })).toBeDisabled();
        expect(screen.queryByRole('alert')).toBeNull();
        await waitFor(() => expect(ctx.requests.pending('sendRecovery')).toBe(1));
        expect(ctx.requests.lastInput('sendRecovery')).toEqual(expectedQuery);
      },
      success: async (_snapshot, ctx) => {
        expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
        expect(urlOf(ctx.router)).toBe(START);
        expect(screen.getByTestId('recover-confirmation')).toHaveTextContent(
          `We have sent a link to set a new password to ${ADDRESS}.`,
        );
        // product.md §2: the confirmation replaces the form.
        expect(screen.queryByLabelText('Email')).toBeNull();
        await waitFor(() => expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled());
        if (ctx.expectedResend?.kind === 'success')
          expect(screen.getByRole('status')).toHaveTextContent(ctx.expectedResend.text);
        if (ctx.expectedResend?.kind === 'error')
          expect(screen.getByRole('alert')).toHaveTextContent(ctx.expectedResend.text);
        if (ctx.expectedResend?.kind !== 'error') expect(screen.queryByRole('alert')).toBeNull();
        if (ctx.expectedResend?.kind !== 'success') expect(screen.queryByRole('status')).toBeNull();
        expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute(
          'href',
          '/pages/login?return_to=%2Fpages%2Fmain',
        );
      },
      resending: async (_snapshot, ctx) => {
        await waitFor(() => expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled());
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.queryByRole('status')).toBeNull();
        await waitFor(() => expect(ctx.requests.pending('resendRecovery')).toBe(1));
        expect(ctx.requests.lastInput('resendRecovery')).toEqual(expectedQuery);
      },
    },
  }),
);

describe('recover page', () => {
  it('focuses the email field when it appears, and again when what was typed is refused', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    renderRoutes([{ path: '/pages/recover', element: <RecoverPage /> }], '/pages/recover');
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).not.toHaveAttribute('aria-invalid');
    await userEvent.keyboard('ann@{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is in incorrect format');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is in incorrect format');
  });

  it('starts with the address the invalid-link page passed along, and keeps it out of the carried query', async () => {
    let query: Record<string, string> | null = null;
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/password/recover', ({ request }) => {
        query = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json({ success: true, message: 'sent' });
      }),
    );
    renderRoutes(
      [{ path: '/pages/recover', element: <RecoverPage /> }],
      `/pages/recover?email=${encodeURIComponent(ADDRESS)}`,
    );
    expect(await screen.findByLabelText('Email')).toHaveValue(ADDRESS);
    expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/pages/login');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('recover-confirmation')).toHaveTextContent(ADDRESS);
    expect(query).toEqual({ email: ADDRESS, language: 'en-us' });
  });

  it('shows an email with markup literally in the confirmation, without a console error', async () => {
    const markup = '<script>alert(1)</script>&<b>Co</b>@example.com';
    const consoleError = vi.spyOn(console, 'error');
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/password/recover', () => HttpResponse.json({ success: true, message: 'sent' })),
    );
    const { container } = renderRoutes(
      [{ path: '/pages/recover', element: <RecoverPage /> }],
      `/pages/recover?email=${encodeURIComponent(markup)}`,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('recover-confirmation')).toHaveTextContent(
      `We have sent a link to set a new password to ${markup}.`,
      {
        normalizeWhitespace: false,
      },
    );
    expect(container.querySelector('main script, main b')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('stops typing at the longest address the server takes', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    renderRoutes([{ path: '/pages/recover', element: <RecoverPage /> }], '/pages/recover');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Email'));
    await user.paste('x'.repeat(EMAIL_MAX_LENGTH + 10));
    expect(emailField().value).toHaveLength(EMAIL_MAX_LENGTH);
  });
});
