import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import { sessionCheckMachine } from '#machines/session-check/session-check.machine.ts';
import {
  describeSessionCheckEvent,
  OLIVIA,
  sessionCheckEvents,
} from '#machines/session-check/session-check.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import {
  expectLanded,
  landing,
  renderRoutes,
  setSessionClaims,
  type TestRouter,
  urlOf,
  waitFor,
} from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { MainPage } from './main-page.tsx';

const server = setupMswServer();
const PAGE = '/pages/main?tab=2';
const SIGNED_IN = 'You are signed in';

interface Ctx {
  requests: DeferredQueue<'checkSession'>;
  router: TestRouter;
  checks: number;
  /** Whether the signed-in heading was ever in the document, watched from the first render on. */
  sawSignedIn: () => boolean;
  stopWatching: () => void;
}

function toResponse(event: ModelEvent): Response {
  if (event.type === 'xstate.done.actor.checkSession') {
    return HttpResponse.json({ success: true, data: { user: event.output } });
  }
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

/** A MutationObserver sees even a heading that shows for a single render, which a later query would miss. */
function watchForSignedIn() {
  let seen = false;
  const look = () => {
    seen ||= document.body.textContent?.includes(SIGNED_IN) ?? false;
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  const sawSignedIn = () => {
    look();
    return seen;
  };
  return { sawSignedIn, stopWatching: () => observer.disconnect() };
}

/**
 * The signed-in shell's session check, through the main page: a claims cookie is only the browser's memory of a
 * session, so the page shows nothing signed-in until the server has confirmed it.
 */
describeModel<typeof sessionCheckMachine, Ctx>(
  sessionCheckMachine,
  withViewChecks({
    name: 'main page: the shell confirms the session with the server',
    events: sessionCheckEvents,
    describeEvent: describeSessionCheckEvent,
    setup: (): Ctx => {
      const requests = createDeferredQueue<'checkSession'>();
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get('/api/session', async () => (await requests.take('checkSession')) as Response),
      );
      // The cookie says "a member without API access"; the server's answer (Olivia, owner with API access) wins.
      setSessionClaims({ apiAccess: false, isGroupOwner: false });
      const watch = watchForSignedIn();
      const { router } = renderRoutes([{ path: '/pages/main', element: <MainPage /> }, landing('/pages/login')], PAGE);
      return { requests, router, checks: 1, ...watch };
    },
    teardown: (ctx) => ctx.stopWatching(),
    exec: {
      'xstate.done.actor.checkSession': (step, ctx) => ctx.requests.resolve('checkSession', toResponse(step.event)),
      'xstate.error.actor.checkSession': (step, ctx) => ctx.requests.resolve('checkSession', toResponse(step.event)),
      'session.retry': async (_step, ctx) => {
        ctx.checks += 1;
        await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      },
    },
    states: {
      checking: async (_snapshot, ctx) => {
        expect(await screen.findByLabelText('Checking your session')).toBeInTheDocument();
        await waitFor(() => expect(ctx.requests.inputs('checkSession')).toHaveLength(ctx.checks));
        expect(ctx.sawSignedIn()).toBe(false);
        expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
        expect(screen.queryByRole('alert')).toBeNull();
      },
      failed: async (_snapshot, ctx) => {
        expect(await screen.findByRole('alert')).toHaveTextContent(
          'We could not check your session. Please try again.',
        );
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
        // No answer is no verdict: the reader stays on the page, its query and all.
        expect(urlOf(ctx.router)).toBe(PAGE);
        expect(ctx.sawSignedIn()).toBe(false);
      },
      signedIn: async (_snapshot, ctx) => {
        expect(await screen.findByRole('heading', { name: SIGNED_IN })).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/pages/logout');
        await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
        const nav = within(await screen.findByRole('navigation', { name: 'Main navigation' }));
        expect(nav.getByRole('link', { name: 'OAuth credentials' })).toBeInTheDocument();
        expect(localStorage.getItem('apiAccess')).toBe(String(OLIVIA.apiAccess));
        expect(ctx.requests.inputs('checkSession')).toHaveLength(ctx.checks);
        expect(urlOf(ctx.router)).toBe(PAGE);
      },
      sessionEnded: async (_snapshot, ctx) => {
        await expectLanded(ctx.router, `/pages/login?return_to=${encodeURIComponent(PAGE)}`);
        expect(ctx.sawSignedIn()).toBe(false);
      },
    },
  }),
);
