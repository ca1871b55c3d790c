import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, type MockInstance, vi } from 'vitest';
import { type AmazonCallbackEvent, amazonCallbackMachine } from '#machines/amazon-callback/amazon-callback.machine.ts';
import {
  amazonCallbackEvents,
  CODE,
  describeAmazonCallbackEvent,
  openCaseOf,
  PRODUCT,
  STATE,
  STORED,
  signInOutcomeOf,
} from '#machines/amazon-callback/amazon-callback.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import { navigation } from '#src/lib/navigation.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { expectLanded, landing, renderRoutes, type TestRouter, urlOf, waitFor } from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { AmazonCallbackPage } from './amazon-callback-page.tsx';

const server = setupMswServer();

interface Ctx {
  requests: DeferredQueue<'signInWithAmazon'>;
  assign: MockInstance<(url: string) => void>;
  router: TestRouter | null;
  /** The address Amazon sent the browser to. */
  opened: string | null;
  expectedUrl: string | null;
}

function toResponse(event: ModelEvent): Response {
  if ('output' in event)
    return HttpResponse.json({ success: true, redirect: (event.output as { redirect: string }).redirect });
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

function callbackUrl(event: AmazonCallbackEvent): string {
  const query = new URLSearchParams({ state: STATE });
  if (event.code) query.set('code', event.code);
  if (event.error) query.set('error', event.error);
  if (event.errorDescription) query.set('error_description', event.errorDescription);
  return `/pages/cb?${query}`;
}

/** Where the page went: a route of the SPA (replacing the callback), or a browser navigation. */
async function expectLeftFor(ctx: Ctx, url: string) {
  if (url.startsWith('/pages/')) {
    await expectLanded(ctx.router!, url);
    expect(ctx.router!.state.historyAction).toBe('REPLACE');
    expect(ctx.assign).not.toHaveBeenCalled();
  } else {
    await waitFor(() => expect(ctx.assign.mock.calls).toEqual([[url]]));
    expect(urlOf(ctx.router!)).toBe(ctx.opened);
  }
  expect(sessionStorage.getItem(`lwa:${STATE}`)).toBeNull();
}

describeModel<typeof amazonCallbackMachine, Ctx>(
  amazonCallbackMachine,
  withViewChecks({
    name: 'Login with Amazon callback through the view',
    input: { product: PRODUCT },
    events: amazonCallbackEvents,
    describeEvent: describeAmazonCallbackEvent,
    setup: (): Ctx => {
      const ctx: Ctx = {
        requests: createDeferredQueue(),
        assign: vi.spyOn(navigation, 'assign').mockImplementation(() => {}),
        router: null,
        opened: null,
        expectedUrl: null,
      };
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.post(
          '/api/loginwithamazon',
          async ({ request }) => (await ctx.requests.take('signInWithAmazon', await request.json())) as Response,
        ),
      );
      return ctx;
    },
    teardown: (ctx) => {
      ctx.assign.mockRestore();
      sessionStorage.clear();
    },
    exec: {
      // Opening is Amazon sending the browser here: the path's event is that URL, and what this browser stored.
      'callback.open': (step, ctx) => {
        const { event, errorUrl } = openCaseOf(step.event);
        ctx.expectedUrl = errorUrl;
        if (event.stored) sessionStorage.setItem(`lwa:${STATE}`, JSON.stringify(event.stored));
        ctx.opened = callbackUrl(event);
        ctx.router = renderRoutes(
          [
            { path: '/pages/cb', element: <AmazonCallbackPage /> },
            landing('/pages/error'),
            landing('/pages/device-sessions'),
          ],
          ctx.opened,
        ).router;
      },
      'xstate.done.actor.signInWithAmazon': (step, ctx) => {
        ctx.expectedUrl = signInOutcomeOf(step.event).url;
        ctx.requests.resolve('signInWithAmazon', toResponse(step.event));
      },
      'xstate.error.actor.signInWithAmazon': (step, ctx) => {
        ctx.expectedUrl = signInOutcomeOf(step.event).url;
        ctx.requests.resolve('signInWithAmazon', toResponse(step.event));
      },
    },
    states: {
      opening: (_snapshot, ctx) => expect(ctx.router).toBeNull(),
      signingIn: async (_snapshot, ctx) => {
        expect(await screen.findByLabelText('Signing in with Amazon')).toBeInTheDocument();
        await waitFor(() => expect(ctx.requests.pending('signInWithAmazon')).toBe(1));
        expect(ctx.requests.inputs('signInWithAmazon')).toEqual([
          {
            code: CODE,
            code_verifier: STORED.codeVerifier,
            link_current_account_to_amazon: false,
            return_to: STORED.returnTo,
          },
        ]);
        // Taken: a second visit of this callback finds nothing.
        expect(sessionStorage.getItem(`lwa:${STATE}`)).toBeNull();
        expect(urlOf(ctx.router!)).toBe(ctx.opened);
      },
      redirecting: (_snapshot, ctx) => expectLeftFor(ctx, ctx.expectedUrl!),
      failed: async (_snapshot, ctx) => {
        await expectLeftFor(ctx, ctx.expectedUrl!);
        expect(ctx.requests.inputs('signInWithAmazon').length).toBeLessThanOrEqual(1);
      },
    },
  }),
);
