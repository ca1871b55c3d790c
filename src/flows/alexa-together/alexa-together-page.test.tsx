import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, type MockInstance, vi } from 'vitest';
import { type AlexaTogetherInput, alexaTogetherMachine } from '#machines/alexa-together/alexa-together.machine.ts';
import {
  ALEXA_TOGETHER_INPUTS,
  alexaTogetherEvents,
  CONTINUE_URL,
  denialUrlFor,
  describeAlexaTogetherEvent,
  failures,
  HANDLE,
  LINK,
  SEARCH,
  serializeAlexaTogether,
} from '#machines/alexa-together/alexa-together.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import type { ConsentRequestBody } from '#src/api/oauth.ts';
import { navigation } from '#src/lib/navigation.ts';
import { wireOf } from '#tests/support/consent-wire.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import {
  expectLanded,
  forgetSentData,
  landing,
  renderRoutes,
  sendWithPage,
  type TestRouter,
  urlOf,
  waitFor,
} from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { AlexaTogetherPage } from './alexa-together-page.tsx';

const server = setupMswServer();

const errorText = {
  InvalidScopeError: 'The application asked for access that cannot be granted to your account',
  AnErrorOccured: 'An error occured, please try again later',
};

interface Ctx {
  assign: MockInstance<(url: string) => void>;
  requests: DeferredQueue<'loadRequest'>;
  router: TestRouter;
  loaded: ConsentRequestDetails | null;
  error: keyof typeof errorText | null;
  sent: boolean;
}

const PAGE = `/pages/alexatogether?${SEARCH}`;
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const cancelButton = () => screen.getByRole('button', { name: 'Cancel' });
const heading = () => screen.findByRole('heading', { name: 'Link your Alexa Together subscription' });

function toResponse(event: ModelEvent): Response {
  if (event.type === 'xstate.done.actor.loadRequest') {
    const body: ConsentRequestBody = {
      success: true,
      data: wireOf((event as { output: ConsentRequestDetails }).output),
    };
    return HttpResponse.json(body);
  }
  const error = (event as { error: ApiError }).error;
  return HttpResponse.json(error.body, { status: error.status });
}

/** The registered name shown literally (markup and all), its owner and host; never the name the link carried. */
async function expectText() {
  expect(await heading()).toBeInTheDocument();
  expect(
    screen.getByText(
      `${LINK.applicationName} asks to link your Alexa Together subscription to your account, so that the falls we detect can reach Alexa Together.`,
    ),
  ).toBeInTheDocument();
  expect(screen.getByTestId('request-owner')).toHaveTextContent(
    'Registered by the developer account of Dana Developer',
  );
  expect(screen.getByTestId('request-redirect')).toHaveTextContent('Your answer sends you back to alexa.example');
  expect(screen.getByText(/the 24\/7 Urgent Response team can be alerted when a fall is detected/)).toBeInTheDocument();
  expect(document.body).not.toHaveTextContent('Official Portal Mobile App');
  expect(document.body.querySelector('script')).toBeNull();
}

async function expectLeaving(ctx: Ctx, url: string) {
  // A browser navigation to exactly this address, and the page stays put under it meanwhile.
  await waitFor(() => expect(ctx.assign.mock.calls).toEqual([[url]]));
  expect(urlOf(ctx.router)).toBe(PAGE);
  expect(continueButton()).toBeDisabled();
  expect(cancelButton()).toBeDisabled();
}

describeModel<typeof alexaTogetherMachine, Ctx>(
  alexaTogetherMachine,
  withViewChecks(
    {
      name: 'Alexa Together page through the view',
      inputs: ALEXA_TOGETHER_INPUTS,
      events: alexaTogetherEvents,
      serialize: serializeAlexaTogether,
      describeEvent: describeAlexaTogetherEvent,
      setup: (start): Ctx => {
        // Sent with the page: the data block the server writes into the document beside the markup it rendered.
        const { preloaded } = start as AlexaTogetherInput;
        if (preloaded) sendWithPage(PAGE, wireOf(preloaded));
        const requests = createDeferredQueue<'loadRequest'>();
        server.use(
          http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
          http.get(
            '/api/consent/request',
            async ({ request }) =>
              (await requests.take('loadRequest', Object.fromEntries(new URL(request.url).searchParams))) as Response,
          ),
        );
        const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
        const { router } = renderRoutes(
          [{ path: '/pages/alexatogether', element: <AlexaTogetherPage /> }, landing('/pages/login')],
          PAGE,
        );
        return {
          assign,
          requests,
          router,
          loaded: preloaded === LINK ? LINK : null,
          error: null,
          sent: Boolean(preloaded),
        };
      },
      teardown: (ctx) => {
        ctx.assign.mockRestore();
        forgetSentData();
      },
      exec: {
        'xstate.done.actor.loadRequest': (step, ctx) => {
          const output = (step.event as { output: ConsentRequestDetails }).output;
          if (output.alexa) ctx.loaded = output;
          ctx.requests.resolve('loadRequest', toResponse(step.event));
        },
        'xstate.error.actor.loadRequest': (step, ctx) => {
          const error = (step.event as { error: unknown }).error;
          ctx.error = error === failures.SCOPE_REFUSED ? 'InvalidScopeError' : 'AnErrorOccured';
          ctx.requests.resolve('loadRequest', toResponse(step.event));
        },
        'link.continue': () => userEvent.click(continueButton()),
        'link.cancel': () => userEvent.click(cancelButton()),
      },
      states: {
        loading: async (_snapshot, ctx) => {
          expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
          await waitFor(() => expect(ctx.requests.pending('loadRequest')).toBe(1));
          expect(ctx.requests.lastInput('loadRequest')).toEqual({
            request: HANDLE,
            client_id: 'care-client',
            redirect_uri: 'https://client.example/callback',
            scope: 'alexa:write person:read',
          });
          expect(screen.queryByRole('button')).toBeNull();
        },
        asking: async (_snapshot, ctx) => {
          await expectText();
          // Sent with the page: on screen from the first render, and never asked for again.
          if (ctx.sent) expect(ctx.requests.inputs('loadRequest')).toEqual([]);
          expect(continueButton()).toBeEnabled();
          expect(cancelButton()).toBeEnabled();
          expect(ctx.assign).not.toHaveBeenCalled();
          expect(urlOf(ctx.router)).toBe(PAGE);
        },
        failed: async (_snapshot, ctx) => {
          expect(await screen.findByRole('alert')).toHaveTextContent(errorText[ctx.error!]);
          expect(await heading()).toBeInTheDocument();
          expect(document.body).not.toHaveTextContent('Official Portal Mobile App');
          expect(continueButton()).toBeDisabled();
          expect(cancelButton()).toBeEnabled();
          expect(ctx.assign).not.toHaveBeenCalled();
          expect(urlOf(ctx.router)).toBe(PAGE);
        },
        unknownRequest: async (_snapshot, ctx) => {
          expect(
            await screen.findByRole('heading', { name: 'This authorization request is not valid' }),
          ).toBeInTheDocument();
          expect(screen.getByRole('link', { name: 'Go to the main page' })).toHaveAttribute('href', '/pages/main');
          expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
          expect(document.body).not.toHaveTextContent('Alexa Together subscription to your account');
          if (ctx.sent) expect(ctx.requests.inputs('loadRequest')).toEqual([]);
          expect(ctx.assign).not.toHaveBeenCalled();
          expect(urlOf(ctx.router)).toBe(PAGE);
        },
        sessionEnded: async (_snapshot, ctx) => {
          await expectLanded(ctx.router, `/pages/login?return_to=${encodeURIComponent(PAGE)}`);
          expect(ctx.assign).not.toHaveBeenCalled();
        },
        continuing: async (_snapshot, ctx) => {
          await expectText();
          await expectLeaving(ctx, CONTINUE_URL);
        },
        cancelling: async (_snapshot, ctx) => {
          if (ctx.loaded) await expectText();
          await expectLeaving(ctx, denialUrlFor(ctx.loaded?.applicationName ?? 'Official Portal Mobile App'));
        },
      },
    },
    // Cancel on a request that cannot be granted leaves the page: why it cannot is still true while the browser goes.
    { cancelling: new RegExp(`^(${Object.values(errorText).join('|')})$`) },
  ),
);
