import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { leaveSessionMachine } from '#machines/leave-session/leave-session.machine.ts';
import { leaveSessionEvents } from '#machines/leave-session/leave-session.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody } from '#shared-domain/error-body.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import {
  clearSessionClaims,
  expectLanded,
  landing,
  renderRoutes,
  setSessionClaims,
  type TestRouter,
  urlOf,
  waitFor,
} from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { AccessDeniedPage } from './access-denied-page.tsx';
import { ErrorPage } from './error-page.tsx';

const server = setupMswServer();

const PAGE = '/pages/error?error_description=access_denied';

interface Ctx {
  requests: DeferredQueue<'endSession'>;
  hasSession: boolean;
  router: TestRouter;
}

function toResponse(event: ModelEvent): Response {
  if (!('error' in event)) return HttpResponse.json({ success: true, message: 'Logged out' });
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

describeModel<typeof leaveSessionMachine, Ctx>(
  leaveSessionMachine,
  withViewChecks({
    name: 'error page through the view',
    events: leaveSessionEvents,
    setup: (): Ctx => {
      const ctx = { requests: createDeferredQueue(), hasSession: false } as Omit<Ctx, 'router'> as Ctx;
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get('/api/logout', async () => (await ctx.requests.take('endSession')) as Response),
      );
      localStorage.setItem('apiAccess', 'true');
      ctx.router = renderRoutes(
        [{ path: '/pages/error', element: <ErrorPage /> }, landing('/pages/login')],
        PAGE,
      ).router;
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
        expect(urlOf(ctx.router)).toBe(PAGE);
      },
      loggingOut: async (_snapshot, ctx) => {
        expect(await screen.findByRole('button', { name: 'Processing' })).toBeDisabled();
        expect(screen.getByRole('heading', { name: 'An error occurred' })).toBeInTheDocument();
        await waitFor(() => expect(ctx.requests.pending('endSession')).toBe(1));
        expect(urlOf(ctx.router)).toBe(PAGE);
      },
      done: async (_snapshot, ctx) => {
        // The login page alone: the error page is no place to come back to.
        await expectLanded(ctx.router, '/pages/login');
        // Logged out only when a session existed; and then local storage is gone whatever the server said.
        expect(ctx.requests.inputs('endSession')).toHaveLength(ctx.hasSession ? 1 : 0);
        expect(localStorage.getItem('apiAccess')).toBe(ctx.hasSession ? null : 'true');
      },
    },
  }),
);

describe('error page', () => {
  const GENERIC = 'The request could not be completed. Go back and try again.';

  async function shownFor(query: string) {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    const { container } = renderRoutes([{ path: '/pages/error', element: <ErrorPage /> }], `/pages/error?${query}`);
    const shown = await screen.findByTestId('error-description');
    return { text: shown.textContent, container };
  }

  it.each([
    // RFC 6749 §4.1.2.1 and §5.2 error codes
    ['invalid_request', "The application's request was not valid"],
    ['unauthorized_client', 'The application is not allowed to ask for access this way'],
    ['access_denied', 'Access Denied'],
    ['unsupported_response_type', 'The application asked for access in a way this portal does not support'],
    ['invalid_scope', 'The application asked for access that cannot be granted to your account'],
    ['server_error', 'Unexpected error, please try again later'],
    ['temporarily_unavailable', 'The service is temporarily unavailable, please try again later'],
    ['invalid_client', 'This application is not registered here, or may not sign in this way'],
    ['invalid_grant', 'The authorization has expired or was already used: start again from the application'],
    ['unsupported_grant_type', 'The application asked for access in a way this portal does not support'],
    // the portal's own descriptions
    ['invalid_redirect_uri', 'The application asked to return to an address it did not register'],
    [
      'unknown_authorization_request',
      'This authorization request has expired or was already answered: start again from the application',
    ],
    ['user denied authorization request', 'You denied the application access to your account'],
    ['bad_request', 'The request was not valid, please try again'],
    ['rate_limited', 'Too many attempts. Please try again later.'],
    [
      'email_already_exists_as_acme_account',
      'This email already belongs to an account: sign in with your email and password',
    ],
  ])('translates %j, read from error_description or from error', async (code, text) => {
    expect((await shownFor(`error_description=${encodeURIComponent(code)}`)).text).toBe(text);
    cleanup();
    expect((await shownFor(`error=${encodeURIComponent(code)}`)).text).toBe(text);
  });

  it('prefers a known error_description to the error code', async () => {
    expect((await shownFor('error=invalid_request&error_description=invalid_redirect_uri')).text).toBe(
      'The application asked to return to an address it did not register',
    );
  });

  it('falls back to the error code when the description is free text', async () => {
    expect((await shownFor('error=access_denied&error_description=The%20user%20denied%20the%20request')).text).toBe(
      'Access Denied',
    );
  });

  it.each([
    ['a sentence', 'error_description=Your%20account%20has%20been%20suspended.%20Call%20%2B1%20555%200100'],
    ['markup', `error_description=${encodeURIComponent('<img src=x onerror=alert(1)>Call us')}`],
    ['an unknown error code', 'error=account_suspended_call_us'],
    ['an unknown code and a sentence', 'error=call_us&error_description=Call%20%2B1%20555%200100'],
  ])('never shows the text of %s from the URL, only a generic message', async (_label, query) => {
    const { text, container } = await shownFor(query);
    expect(text).toBe(GENERIC);
    expect(container.textContent).not.toMatch(/suspended|Call|call_us|onerror/);
    expect(container.querySelector('main img')).toBeNull();
  });

  it('shows only the heading without an error or error_description', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    renderRoutes([{ path: '/pages/error', element: <ErrorPage /> }], '/pages/error');
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeInTheDocument();
    expect(screen.queryByTestId('error-description')).toBeNull();
  });
});

describe('access denied page', () => {
  it.each([
    ['succeeds', () => HttpResponse.json({ success: true, message: 'Logged out' })],
    ['fails', () => HttpResponse.json(apiErrorBody('InternalError'), { status: 500 })],
  ])(
    'logs out even without a readable claims cookie, then goes to login when the logout %s',
    async (_label, answer) => {
      let logouts = 0;
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get('/api/logout', () => {
          logouts += 1;
          return answer();
        }),
      );
      localStorage.setItem('apiAccess', 'true');
      const { router } = renderRoutes(
        [{ path: '/pages/access-denied', element: <AccessDeniedPage /> }, landing('/pages/login')],
        '/pages/access-denied',
      );
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
      await expectLanded(router, '/pages/login');
      expect(logouts).toBe(1);
      expect(localStorage.getItem('apiAccess')).toBeNull();
    },
  );
});
