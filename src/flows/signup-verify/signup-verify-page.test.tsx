import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import type { VerifyAccountOutput } from '#machines/signup-verify/signup-verify.machine.ts';
import { signupVerifyMachine } from '#machines/signup-verify/signup-verify.machine.ts';
import {
  describeSignupVerifyEvent,
  input,
  resendFailures,
  signupVerifyEvents,
  verifyFailures,
} from '#machines/signup-verify/signup-verify.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { renderRoutes, type TestRouter, urlOf, waitFor } from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { SignupVerifyPage } from './signup-verify-page.tsx';

const server = setupMswServer();
/** The link's language (the signup's), which the resend must use even though the page shows in English here. */
const LINK_LANGUAGE = 'ja-jp';

/** Region names as a reader sees them, in English, written out by hand. */
const regionNames: Record<string, string> = {
  prod: 'United States',
  prodca: 'Canada',
  beijing: 'China',
  ireland: 'Europe',
  test: 'Test',
  dev: 'Development',
};

const AN_ERROR_OCCURED = 'An error occured, please try again later';
const RESEND_FAILED = 'Error when resending the verification email, please try again later';
/** What the Retry view says, by the failure's label (the ones that give no verdict on the link). */
const verifyFailedText: Record<string, string> = {
  '429 (45 s)': 'Too many attempts. Try again in 0 min 45 s.',
  'network failure': AN_ERROR_OCCURED,
  '500': AN_ERROR_OCCURED,
};
/** What a failed resend says, by the failure's label. */
const resendFailedText: Record<string, string> = {
  '500': RESEND_FAILED,
  '429 (120 s)': 'Too many attempts. Try again in 2 min 0 s.',
  'address over its limit': 'Email: at most 254 characters',
};

interface Ctx {
  requests: DeferredQueue<'verifyAccount' | 'resendVerification'>;
  region: string | null;
  failedText: string | null;
  resendFailedText: string | null;
  /**
   * The link's token, new for every path: the page shares one request per token between its mounts, so a path that
   * ends while a check is pending would otherwise hand that request to the next path.
   */
  token: string;
  page: string;
  router: TestRouter;
}

let paths = 0;

function toResponse(event: ModelEvent, success: Record<string, unknown>): Response {
  if ('output' in event) return HttpResponse.json(success);
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const resendButton = () => screen.getByRole('button', { name: 'Resend' });

/** Active already: said so, with Sign in and nothing that could only fail. */
async function expectAlreadyActive() {
  expect(await screen.findByRole('heading', { name: 'Your account is already active' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/pages/login');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
}

async function expectInvalid(ctx: Ctx) {
  // The verifying state's h1 (out of sight, beside its spinner) has the same words: the Resend button marks this view.
  expect(await screen.findByRole('button', { name: 'Resend' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Account activation' })).toBeInTheDocument();
  expect(ctx.requests.inputs('verifyAccount').at(-1)).toEqual({ verification_token: ctx.token });
  expect(screen.queryByText('Your account is activated')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
}

describeModel<typeof signupVerifyMachine, Ctx>(
  signupVerifyMachine,
  withViewChecks(
    {
      name: 'account activation page through the view',
      input,
      events: signupVerifyEvents,
      describeEvent: describeSignupVerifyEvent,
      setup: (): Ctx => {
        paths += 1;
        const ctx: Ctx = {
          requests: createDeferredQueue(),
          region: null,
          failedText: null,
          resendFailedText: null,
          token: `${input.verificationToken}-${paths}`,
        } as Omit<Ctx, 'page' | 'router'> as Ctx;
        const take =
          (id: 'verifyAccount' | 'resendVerification') =>
          async ({ request }: { request: Request }) =>
            (await ctx.requests.take(id, Object.fromEntries(new URL(request.url).searchParams))) as Response;
        server.use(
          http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
          http.get('/api/signup/verify', take('verifyAccount')),
          http.get('/api/signup/verify/resend', take('resendVerification')),
        );
        const query = new URLSearchParams({
          verification_token: ctx.token,
          email: input.email,
          language: LINK_LANGUAGE,
        });
        ctx.page = `/pages/signup/verify?${query}`;
        ctx.router = renderRoutes([{ path: '/pages/signup/verify', element: <SignupVerifyPage /> }], ctx.page).router;
        return ctx;
      },
      exec: {
        'xstate.done.actor.verifyAccount': (step, ctx) => {
          const { region, alreadyVerified } = (step.event as { output: VerifyAccountOutput }).output;
          ctx.region = region;
          const data = { email: input.email, region, already_verified: alreadyVerified };
          ctx.requests.resolve('verifyAccount', toResponse(step.event, { success: true, data }));
        },
        'verify.retry': () => userEvent.click(screen.getByRole('button', { name: 'Retry' })),
        'xstate.error.actor.verifyAccount': (step, ctx) => {
          const { label } = verifyFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
          ctx.failedText = verifyFailedText[label] ?? null;
          ctx.requests.resolve('verifyAccount', toResponse(step.event, {}));
        },
        'resend.request': () => userEvent.click(resendButton()),
        'xstate.done.actor.resendVerification': (step, ctx) =>
          ctx.requests.resolve('resendVerification', toResponse(step.event, { success: true, message: 'Sent' })),
        'xstate.error.actor.resendVerification': (step, ctx) => {
          const { label } = resendFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
          ctx.resendFailedText = resendFailedText[label] ?? null;
          ctx.requests.resolve('resendVerification', toResponse(step.event, {}));
        },
      },
      states: {
        verifying: async (_snapshot, ctx) => {
          expect(await screen.findByLabelText('Activating your account')).toBeInTheDocument();
          await waitFor(() => expect(ctx.requests.pending('verifyAccount')).toBe(1));
          expect(ctx.requests.lastInput('verifyAccount')).toEqual({ verification_token: ctx.token });
          expect(screen.queryByRole('button')).toBeNull();
        },
        activated: async (_snapshot, ctx) => {
          expect(await screen.findByRole('heading', { name: 'Your account is activated' })).toBeInTheDocument();
          expect(screen.getByTestId('region')).toHaveTextContent(`Region: ${regionNames[ctx.region!]}`);
          expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/pages/login');
          expect(screen.queryByRole('alert')).toBeNull();
          // The link's address stays: activated, the page says so in place.
          expect(urlOf(ctx.router)).toBe(ctx.page);
        },
        alreadyActive: async (_snapshot, ctx) => {
          await expectAlreadyActive();
          expect(urlOf(ctx.router)).toBe(ctx.page);
          expect(ctx.requests.inputs('verifyAccount').at(-1)).toEqual({ verification_token: ctx.token });
        },
        failed: async (_snapshot, ctx) => {
          expect(await screen.findByRole('alert')).toHaveTextContent(ctx.failedText!);
          expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
          // No verdict on the link yet: it is not called invalid, and nothing that needs one is offered.
          expect(screen.queryByText(/invalid recovery or activation link/)).toBeNull();
          expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
        },
        'invalid.alreadyVerified': async (_snapshot, ctx) => {
          await expectAlreadyActive();
          expect(urlOf(ctx.router)).toBe(ctx.page);
          expect(ctx.requests.inputs('resendVerification').at(-1)).toEqual({
            email: input.email,
            language: LINK_LANGUAGE,
          });
        },
        'invalid.idle': async (_snapshot, ctx) => {
          await expectInvalid(ctx);
          expect(screen.getByRole('alert')).toHaveTextContent('invalid recovery or activation link (may be expired)');
          expect(resendButton()).toBeEnabled();
        },
        'invalid.resending': async (_snapshot, ctx) => {
          await expectInvalid(ctx);
          await waitFor(() => expect(resendButton()).toBeDisabled());
          await waitFor(() => expect(ctx.requests.pending('resendVerification')).toBe(1));
          expect(ctx.requests.lastInput('resendVerification')).toEqual({ email: input.email, language: LINK_LANGUAGE });
        },
        'invalid.resent': async (_snapshot, ctx) => {
          await expectInvalid(ctx);
          expect(await screen.findByRole('status')).toHaveTextContent(
            'We have sent the verification email again. Please check your inbox.',
          );
          expect(screen.queryByRole('alert')).toBeNull();
          expect(resendButton()).toBeEnabled();
        },
        'invalid.resendFailed': async (_snapshot, ctx) => {
          await expectInvalid(ctx);
          await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(ctx.resendFailedText!));
          expect(resendButton()).toBeEnabled();
        },
      },
    },
    // The link stays unusable while a new one is asked for; a failed resend's message is gone.
    { 'invalid.resending': /^invalid recovery or activation link \(may be expired\)$/ },
  ),
);
