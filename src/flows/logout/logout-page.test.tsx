import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import { logoutMachine } from '#machines/logout/logout.machine.ts';
import { logoutEvents, refusalOf } from '#machines/logout/logout.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import { createDeferredQueue, type DeferredQueue, describeModel } from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { renderRoutes, type TestRouter, urlOf, waitFor } from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { LogoutPage } from './logout-page.tsx';

const server = setupMswServer();

interface Ctx {
  requests: DeferredQueue<'logout'>;
  container: HTMLElement;
  expectedText: string | null;
  router: TestRouter;
}

// login_url names where Login leads; an absolute URL elsewhere would be an open redirect and is refused.
const PAGE = `/pages/logout?login_url=${encodeURIComponent('/pages/login?return_to=/pages/main')}`;

/** What the reader sees for each refusal, written by hand: never the server's English words. */
const refusalText: Record<string, string> = {
  '500': 'Unexpected error, please try again later',
  '429 (30 s)': 'Too many attempts. Try again in 0 min 30 s.',
};

describeModel<typeof logoutMachine, Ctx>(
  logoutMachine,
  withViewChecks({
    name: 'logout page through the view',
    events: logoutEvents,
    setup: (): Ctx => {
      const requests = createDeferredQueue<'logout'>();
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get('/api/logout', async () => (await requests.take('logout')) as Response),
      );
      localStorage.setItem('apiAccess', 'true');
      localStorage.setItem('other', 'x');
      const { container, router } = renderRoutes([{ path: '/pages/logout', element: <LogoutPage /> }], PAGE);
      return { requests, container, expectedText: null, router };
    },
    exec: {
      'xstate.done.actor.logout': (_step, ctx) =>
        ctx.requests.resolve('logout', HttpResponse.json({ success: true, message: 'Logged out' })),
      'xstate.error.actor.logout': (step, ctx) => {
        const error = (step.event as { error: ApiError }).error;
        const refusal = refusalOf(step.event);
        ctx.expectedText = refusal ? refusalText[refusal.label] : null;
        ctx.requests.resolve(
          'logout',
          error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status }),
        );
      },
    },
    states: {
      loggingOut: async (_snapshot, ctx) => {
        await waitFor(() => expect(ctx.requests.pending('logout')).toBe(1));
        // product.md §4: nothing at all until the call returns.
        // (Mantine's provider still injects its <style> tags: nothing visible is the contract.)
        expect(ctx.container.querySelectorAll(':not(style)')).toHaveLength(0);
        expect(screen.queryByRole('heading')).toBeNull();
        expect(screen.queryByRole('link')).toBeNull();
        expect(localStorage.length).toBe(0);
      },
      loggedOut: async (_snapshot, ctx) => {
        expect(await screen.findByRole('heading', { name: 'You have been logged out' })).toBeInTheDocument();
        expect(urlOf(ctx.router)).toBe(PAGE);
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
          'href',
          '/pages/login?return_to=/pages/main',
        );
      },
      failed: async (_snapshot, ctx) => {
        expect(await screen.findByRole('heading', { name: 'Logout failed' })).toBeInTheDocument();
        expect(screen.getByRole('alert').textContent).toBe(ctx.expectedText);
        expect(urlOf(ctx.router)).toBe(PAGE);
        expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
          'href',
          '/pages/login?return_to=/pages/main',
        );
      },
    },
  }),
);
