import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signupResendMachine } from '#machines/signup-resend/signup-resend.machine.ts';
import {
  checkFailures,
  describeSignupResendEvent,
  input,
  resendFailures,
  serializeSignupResend,
  signupResendEvents,
} from '#machines/signup-resend/signup-resend.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import { apiErrorBody } from '#shared-domain/error-body.ts';
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
  expectLanded,
  expectNoAlert,
  fillIn,
  landing,
  renderRoutes,
  type TestRouter,
  urlOf,
  waitFor,
} from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { ABOUT_EMAIL, checkText, PAGE, resendText, SENT_CLAIM, validationText } from './signup-resend-page.expect.tsx';
import { SignupResendPage } from './signup-resend-page.tsx';

const server = setupMswServer();

interface Ctx {
  requests: DeferredQueue<'checkVerification' | 'resendVerification'>;
  email: string;
  /** What the email form must say under its title (null: nothing). */
  expectedError: string | null;
  /** What the Retry view must say. */
  checkFailedText: string | null;
  /** What the verify-needed view must say after its last resend failed. */
  resendFailedText: string | null;
  /** Where the last resend was asked from: the email form or the verify-needed view. */
  fromForm: boolean;
  router: TestRouter;
}

function toResponse(event: ModelEvent, success: Record<string, unknown>): Response {
  if ('output' in event) return HttpResponse.json(success);
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const resendButton = () => screen.getByRole('button', { name: 'Resend Confirmation Email' });
const emailField = () => screen.getByLabelText('Email') as HTMLInputElement;
const formButton = () => screen.getByRole('button', { name: /^(Resend|Processing)$/ });

async function expectNeedsVerification(ctx: Ctx) {
  expect(await screen.findByRole('heading', { name: 'The account needs to be verified' })).toBeInTheDocument();
  expect(screen.getByText(`Open the link in the email we sent to ${ctx.email}.`)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/pages/login');
  expect(screen.queryByLabelText('Email')).toBeNull();
  expect(urlOf(ctx.router)).toBe(PAGE);
}

async function expectForm(ctx: Ctx) {
  expect(urlOf(ctx.router)).toBe(PAGE);
  expect(await screen.findByRole('heading', { name: 'Resend Confirmation Email' })).toBeInTheDocument();
  await waitFor(() => expect(emailField()).toHaveValue(ctx.email));
  // Nothing here claims that a mail went anywhere.
  expect(screen.queryByText(SENT_CLAIM)).toBeNull();
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/pages/login');
  expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/pages/signup');
}

describeModel<typeof signupResendMachine, Ctx>(
  signupResendMachine,
  withViewChecks({
    name: 'verify-needed page through the view',
    input,
    events: signupResendEvents,
    serializeContext: serializeSignupResend,
    describeEvent: describeSignupResendEvent,
    setup: (): Ctx => {
      const ctx: Ctx = {
        requests: createDeferredQueue(),
        email: input.email,
        expectedError: null,
        checkFailedText: null,
        resendFailedText: null,
        fromForm: false,
      } as Omit<Ctx, 'router'> as Ctx;
      const take =
        (id: 'checkVerification' | 'resendVerification') =>
        async ({ request }: { request: Request }) =>
          (await ctx.requests.take(id, Object.fromEntries(new URL(request.url).searchParams))) as Response;
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get('/api/signup/verify/check', take('checkVerification')),
        http.get('/api/signup/verify/resend', take('resendVerification')),
      );
      ctx.router = renderRoutes(
        [{ path: '/pages/signup/resend', element: <SignupResendPage /> }, landing('/pages/login')],
        PAGE,
      ).router;
      return ctx;
    },
    exec: {
      'xstate.done.actor.checkVerification': (step, ctx) =>
        ctx.requests.resolve('checkVerification', toResponse(step.event, { success: true, data: { verified: true } })),
      'xstate.error.actor.checkVerification': (step, ctx) => {
        const { label } = checkFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
        const text = checkText[label];
        if (text && 'asking' in text) ctx.expectedError = text.asking;
        if (text && 'checkFailed' in text) ctx.checkFailedText = text.checkFailed;
        ctx.requests.resolve('checkVerification', toResponse(step.event, {}));
      },
      'check.retry': () => userEvent.click(screen.getByRole('button', { name: 'Retry' })),
      'form.change': async (step, ctx) => {
        ctx.email = (step.event as unknown as { value: string }).value;
        await fillIn(userEvent, emailField(), ctx.email);
      },
      'form.submit': async (_step, ctx) => {
        ctx.expectedError =
          ctx.email === ''
            ? validationText.MISSING_EMAIL
            : ctx.email.includes('.')
              ? null
              : validationText.EMAIL_INCORRECT_FORMAT;
        ctx.fromForm = true;
        // Enter in the field submits like the button.
        await userEvent.type(emailField(), '{Enter}');
      },
      'resend.request': async (_step, ctx) => {
        ctx.fromForm = false;
        await userEvent.click(resendButton());
      },
      'xstate.done.actor.resendVerification': (step, ctx) =>
        ctx.requests.resolve('resendVerification', toResponse(step.event, { success: true, message: 'Sent' })),
      'xstate.error.actor.resendVerification': (step, ctx) => {
        const { label, fromForm } = resendFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
        if (fromForm !== 'verified' && ctx.fromForm) ctx.expectedError = resendText[label].fromForm;
        if (fromForm !== 'verified' && !ctx.fromForm) ctx.resendFailedText = resendText[label].fromView;
        ctx.requests.resolve('resendVerification', toResponse(step.event, {}));
      },
    },
    states: {
      checking: async (_snapshot, ctx) => {
        expect(await screen.findByLabelText('Processing')).toBeInTheDocument();
        await waitFor(() => expect(ctx.requests.pending('checkVerification')).toBe(1));
        expect(ctx.requests.lastInput('checkVerification')).toEqual({ username: input.email });
        expect(screen.queryByRole('button')).toBeNull();
      },
      checkFailed: async (_snapshot, ctx) => {
        expect(await screen.findByRole('alert')).toHaveTextContent(ctx.checkFailedText!);
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/pages/login');
        // The account may be in any state: no claim about mail, and no resend that may not apply.
        expect(screen.queryByText(SENT_CLAIM)).toBeNull();
        expect(screen.queryByRole('button', { name: 'Resend Confirmation Email' })).toBeNull();
      },
      asking: async (_snapshot, ctx, step) => {
        await expectForm(ctx);
        expect(formButton()).toHaveTextContent('Resend');
        expect(formButton()).toBeEnabled();
        const { type } = step.event;
        // Decision 0009: the form starts on its field, and a failure takes focus to it or to the message.
        if (type === 'xstate.error.actor.checkVerification') await expectFirstFieldFocused(emailField());
        if (!ctx.expectedError) return expectNoAlert();
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent(ctx.expectedError);
        if (type === 'form.submit' || type.startsWith('xstate.error.actor.'))
          await expectErrorFocus(alert, ABOUT_EMAIL.has(ctx.expectedError) ? emailField() : null);
      },
      sending: async (_snapshot, ctx) => {
        await expectForm(ctx);
        await waitFor(() => expect(formButton()).toHaveTextContent('Processing'));
        expect(formButton()).toBeDisabled();
        expect(screen.queryByRole('alert')).toBeNull();
        await waitFor(() => expect(ctx.requests.pending('resendVerification')).toBe(1));
        expect(ctx.requests.lastInput('resendVerification')).toEqual({ email: ctx.email, language: 'en-us' });
      },
      verified: (_snapshot, ctx) => expectLanded(ctx.router, '/pages/login'),
      'needsVerification.idle': async (_snapshot, ctx) => {
        await expectNeedsVerification(ctx);
        expect(resendButton()).toBeEnabled();
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.queryByRole('status')).toBeNull();
      },
      'needsVerification.resending': async (_snapshot, ctx) => {
        await expectNeedsVerification(ctx);
        await waitFor(() => expect(resendButton()).toBeDisabled());
        await waitFor(() => expect(ctx.requests.pending('resendVerification')).toBe(1));
        expect(ctx.requests.lastInput('resendVerification')).toEqual({ email: ctx.email, language: 'en-us' });
      },
      'needsVerification.resent': async (_snapshot, ctx) => {
        await expectNeedsVerification(ctx);
        expect(await screen.findByRole('status')).toHaveTextContent(
          'We have sent the verification email again. Please check your inbox.',
        );
        expect(resendButton()).toBeEnabled();
      },
      'needsVerification.resendFailed': async (_snapshot, ctx) => {
        await expectNeedsVerification(ctx);
        expect(await screen.findByRole('alert')).toHaveTextContent(ctx.resendFailedText!);
        expect(resendButton()).toBeEnabled();
      },
      'needsVerification.alreadyVerified': (_snapshot, ctx) => expectLanded(ctx.router, '/pages/login'),
    },
  }),
);

describe('verify-needed page', () => {
  it('focuses the email field when the form appears, and again when the typed address is refused', async () => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/signup/verify/check', () => HttpResponse.json(apiErrorBody('MissingEmail'), { status: 400 })),
      http.get('/api/signup/verify/resend', () =>
        HttpResponse.json(apiErrorBody('EmailInIncorrectFormat'), {
          status: 400,
        }),
      ),
    );
    renderRoutes([{ path: '/pages/signup/resend', element: <SignupResendPage /> }], '/pages/signup/resend');
    await screen.findByRole('heading', { name: 'Resend Confirmation Email' });
    await waitFor(() => expect(emailField()).toHaveFocus());
    await userEvent.keyboard('ann@{Enter}');
    await screen.findByRole('alert');
    await waitFor(() => expect(emailField()).toHaveFocus());
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription(screen.getByRole('alert').textContent!);
  });

  it('stops typing at the longest address the server takes', async () => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/signup/verify/check', () => HttpResponse.json(apiErrorBody('MissingEmail'), { status: 400 })),
    );
    renderRoutes([{ path: '/pages/signup/resend', element: <SignupResendPage /> }], '/pages/signup/resend');
    await userEvent.click(await screen.findByLabelText('Email'));
    await userEvent.paste('x'.repeat(EMAIL_MAX_LENGTH + 10));
    expect(emailField().value).toHaveLength(EMAIL_MAX_LENGTH);
  });

  it('asks for the email when the link has none, and resends to the typed one', async () => {
    const asked: Array<Record<string, string>> = [];
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/signup/verify/check', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(apiErrorBody('MissingEmail'), { status: 400 });
      }),
      http.get('/api/signup/verify/resend', ({ request }) =>
        HttpResponse.json({ success: true, message: `Sent to ${new URL(request.url).searchParams.get('email')}` }),
      ),
    );
    renderRoutes([{ path: '/pages/signup/resend', element: <SignupResendPage /> }], '/pages/signup/resend');
    expect(await screen.findByRole('heading', { name: 'Resend Confirmation Email' })).toBeInTheDocument();
    expect(asked).toEqual([{ username: '' }]);
    expect(emailField()).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(SENT_CLAIM)).toBeNull();

    await userEvent.type(emailField(), '<b>x</b>@example.com{Enter}');
    expect(await screen.findByText('Open the link in the email we sent to <b>x</b>@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We have sent the verification email again.');
  });
});
