import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { leaveSessionMachine } from '../../../machines/leave-session/leave-session.machine.ts';
import { leaveSessionEvents } from '../../../machines/leave-session/leave-session.model-cases.ts';
import { apiErrorBody, type ApiError } from '../../../shared-domain/api-error.ts';
import { GenericCode } from '../../../shared-domain/error-codes.ts';
import { createDeferredQueue, describeModel, type DeferredQueue, type ModelEvent } from '../../../tests/support/model-harness.ts';
import { useMswServer } from '../../../tests/support/msw.ts';
import { landing, renderRoutes, setSessionClaims } from '../../../tests/support/render.tsx';
import { AccessDeniedPage } from './access-denied-page.tsx';
import { ErrorPage } from './error-page.tsx';

const server = useMswServer();


interface Ctx {
  requests: DeferredQueue<'endSession'>;
  hasSession: boolean;
}

function toResponse(event: ModelEvent): Response {
  if (!('error' in event)) return HttpResponse.json({ success: true, message: 'Logged out' });
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

function clearSessionClaims() {
  document.cookie = 'sid_claims=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

describeModel(leaveSessionMachine, {
  name: 'error page through the view',
  events: leaveSessionEvents,
  setup: (): Ctx => {
    const ctx: Ctx = { requests: createDeferredQueue(), hasSession: false };
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/logout', async () => (await ctx.requests.take('endSession')) as Response),
    );
    localStorage.setItem('apiAccess', 'true');
    renderRoutes([{ path: '/pages/error', element: <ErrorPage /> }, landing('/pages/login')], '/pages/error?error_description=access_denied');
    return ctx;
  },
  exec: {
    'session.leave': async (step, ctx) => {
      // The page reads the public-claims cookie when Login is pressed: the model's flag is that cookie.
      ctx.hasSession = (step.event as unknown as { hasSession: boolean }).hasSession;
      if (ctx.hasSession) setSessionClaims({ apiAccess: true, isGroupOwner: false });
      else clearSessionClaims();
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    },
    'xstate.done.actor.endSession': (step, ctx) => ctx.requests.resolve('endSession', toResponse(step.event)),
    'xstate.error.actor.endSession': (step, ctx) => ctx.requests.resolve('endSession', toResponse(step.event)),
  },
  states: {
    idle: async (_snapshot, ctx) => {
      expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeInTheDocument();
      expect(screen.getByTestId('error-description')).toHaveTextContent('Access Denied');
      expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
      expect(ctx.requests.inputs('endSession')).toHaveLength(0);
    },
    loggingOut: async (_snapshot, ctx) => {
      expect(await screen.findByRole('button', { name: 'Processing' })).toBeDisabled();
      expect(screen.getByRole('heading', { name: 'An error occurred' })).toBeInTheDocument();
      await waitFor(() => expect(ctx.requests.pending('endSession')).toBe(1));
    },
    done: async (_snapshot, ctx) => {
      expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
      // Logged out only when a session existed; and then local storage is gone whatever the server said.
      expect(ctx.requests.inputs('endSession')).toHaveLength(ctx.hasSession ? 1 : 0);
      expect(localStorage.getItem('apiAccess')).toBe(ctx.hasSession ? null : 'true');
    },
  },
});

describe('error page', () => {
  it.each([
    ['access_denied', 'Access Denied'],
    ['user denied authorization request', 'You denied the application access to your account'],
    ['bad_request', 'The request was not valid, please try again'],
    ['email_already_exists_as_acme_account', 'This email already belongs to an account: sign in with your email and password'],
    ['<img src=x onerror=alert(1)>Call us', '<img src=x onerror=alert(1)>Call us'],
  ])('shows error_description %j as %j', async (description, text) => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    const { container } = renderRoutes(
      [{ path: '/pages/error', element: <ErrorPage /> }],
      `/pages/error?error_description=${encodeURIComponent(description)}`,
    );
    expect(await screen.findByTestId('error-description')).toHaveTextContent(text, { normalizeWhitespace: false });
    expect(container.querySelector('main img')).toBeNull();
  });

  it('shows only the heading without an error_description', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    renderRoutes([{ path: '/pages/error', element: <ErrorPage /> }], '/pages/error');
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeInTheDocument();
    expect(screen.queryByTestId('error-description')).toBeNull();
  });
});

describe('access denied page', () => {
  it.each([
    ['succeeds', () => HttpResponse.json({ success: true, message: 'Logged out' })],
    ['fails', () => HttpResponse.json(apiErrorBody(GenericCode.INTERNAL, 'InternalError'), { status: 500 })],
  ])('logs out even without a readable claims cookie, then goes to login when the logout %s', async (_label, answer) => {
    let logouts = 0;
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/logout', () => {
        logouts += 1;
        return answer();
      }),
    );
    localStorage.setItem('apiAccess', 'true');
    renderRoutes([{ path: '/pages/access-denied', element: <AccessDeniedPage /> }, landing('/pages/login')], '/pages/access-denied');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
    expect(logouts).toBe(1);
    expect(localStorage.getItem('apiAccess')).toBeNull();
  });
});
