import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { signupResendMachine } from '../../../machines/signup-resend/signup-resend.machine.ts';
import { checkFailures, input, signupResendEvents } from '../../../machines/signup-resend/signup-resend.model-cases.ts';
import type { ApiError } from '../../../shared-domain/api-error.ts';
import { createDeferredQueue, describeModel, type DeferredQueue, type ModelEvent } from '../../../tests/support/model-harness.ts';
import { useMswServer } from '../../../tests/support/msw.ts';
import { landing, renderRoutes } from '../../../tests/support/render.tsx';
import { SignupResendPage } from './signup-resend-page.tsx';

const server = useMswServer();

interface Ctx {
  requests: DeferredQueue<'checkVerification' | 'resendVerification'>;
}

function toResponse(event: ModelEvent, success: Record<string, unknown>): Response {
  if ('output' in event) return HttpResponse.json(success);
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const resendButton = () => screen.getByRole('button', { name: 'Resend Confirmation Email' });

async function expectNeedsVerification(ctx: Ctx) {
  expect(await screen.findByRole('heading', { name: 'The account needs to be verified' })).toBeInTheDocument();
  expect(screen.getByText(`Open the link in the email we sent to ${input.email}.`)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/pages/login');
  expect(ctx.requests.inputs('checkVerification')).toEqual([{ username: input.email }]);
}

describeModel(signupResendMachine, {
  name: 'verify-needed page through the view',
  input,
  events: signupResendEvents,
  describeEvent: (event) => {
    const failure = checkFailures.find((f) => f.error === (event as { error?: unknown }).error);
    return failure ? `check fails: ${failure.label}` : event.type;
  },
  setup: (): Ctx => {
    const ctx: Ctx = { requests: createDeferredQueue() };
    const take = (id: 'checkVerification' | 'resendVerification') =>
      async ({ request }: { request: Request }) =>
        (await ctx.requests.take(id, Object.fromEntries(new URL(request.url).searchParams))) as Response;
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/signup/verify/check', take('checkVerification')),
      http.get('/api/signup/verify/resend', take('resendVerification')),
    );
    renderRoutes(
      [{ path: '/pages/signup/resend', element: <SignupResendPage /> }, landing('/pages/login')],
      `/pages/signup/resend?email=${encodeURIComponent(input.email)}`,
    );
    return ctx;
  },
  exec: {
    'xstate.done.actor.checkVerification': (step, ctx) =>
      ctx.requests.resolve('checkVerification', toResponse(step.event, { success: true, data: { verified: true } })),
    'xstate.error.actor.checkVerification': (step, ctx) => ctx.requests.resolve('checkVerification', toResponse(step.event, {})),
    'resend.request': () => userEvent.click(resendButton()),
    'xstate.done.actor.resendVerification': (step, ctx) =>
      ctx.requests.resolve('resendVerification', toResponse(step.event, { success: true, message: 'Sent' })),
    'xstate.error.actor.resendVerification': (step, ctx) => ctx.requests.resolve('resendVerification', toResponse(step.event, {})),
  },
  states: {
    checking: async (_snapshot, ctx) => {
      expect(await screen.findByLabelText('Processing')).toBeInTheDocument();
      await waitFor(() => expect(ctx.requests.pending('checkVerification')).toBe(1));
      expect(ctx.requests.lastInput('checkVerification')).toEqual({ username: input.email });
      expect(screen.queryByRole('button')).toBeNull();
    },
    verified: async () => {
      expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
    },
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
      expect(ctx.requests.lastInput('resendVerification')).toEqual({ email: input.email, language: 'en-us' });
    },
    'needsVerification.resent': async (_snapshot, ctx) => {
      await expectNeedsVerification(ctx);
      expect(await screen.findByRole('status')).toHaveTextContent('We have sent the verification email again. Please check your inbox.');
      expect(resendButton()).toBeEnabled();
    },
    'needsVerification.resendFailed': async (_snapshot, ctx) => {
      await expectNeedsVerification(ctx);
      expect(await screen.findByRole('alert')).toHaveTextContent('Error when resending the verification email, please try again later');
      expect(resendButton()).toBeEnabled();
    },
  },
});
