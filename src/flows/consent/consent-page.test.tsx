import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, type MockInstance, vi } from 'vitest';
import { type ConsentInput, consentMachine } from '#machines/consent/consent.machine.ts';
import {
  CONSENT_INPUTS,
  consentEvents,
  denialUrlFor,
  describeConsentEvent,
  failures,
  HANDLE,
  type LoadedCase,
  loadedCaseOf,
  SEARCH,
  serializeConsent,
} from '#machines/consent/consent.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import type { Resource } from '#shared-domain/scopes.ts';
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
import { ConsentPage } from './consent-page.tsx';

const server = setupMswServer();

/** Resource names as a reader sees them, in English, written out by hand. */
const names: Partial<Record<Resource, string>> = {
  camera: 'Cameras',
  alert: 'Alerts',
  user: 'User profile',
  skeleton: 'Skeleton data',
  alexa: 'Alexa Together',
  person: 'Monitored people',
};
const errorText = {
  InvalidScopeError: 'The application asked for access that cannot be granted to your account',
  AnErrorOccured: 'An error occured, please try again later',
};

interface Ctx {
  assign: MockInstance<(url: string) => void>;
  requests: DeferredQueue<'loadRequest'>;
  router: TestRouter;
  loaded: LoadedCase | null;
  error: keyof typeof errorText | null;
  sent: boolean;
}

const PAGE = `/pages/consent?${SEARCH}`;
const accept = () => screen.getByRole('button', { name: 'Accept' });
const cancel = () => screen.getByRole('button', { name: 'Cancel' });
const assigned = (ctx: Ctx) => ctx.assign.mock.calls.map(([url]) => url);

function toResponse(event: ModelEvent): Response {
  if (event.type === 'xstate.done.actor.loadRequest') {
    const body: ConsentRequestBody = { success: true, data: wireOf(loadedCaseOf(event).request) };
    return HttpResponse.json(body);
  }
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

/** The registered application, exactly as registered (markup shown as text), and never the name the link carried. */
async function expectRequest(ctx: Ctx) {
  const { applicationName, ownerName, redirectHost, native } = ctx.loaded!.request;
  const question = `Allow ${applicationName} to access your account?`;
  expect(await screen.findByRole('heading', { level: 1, name: question })).toHaveTextContent(question);
  expect(
    screen.getByText(
      `${applicationName} asks for permission to use the following data. Allow it only if you trust this application.`,
    ),
  ).toBeInTheDocument();
  expect(screen.getByTestId('request-owner')).toHaveTextContent(`Registered by the developer account of ${ownerName}`);
  // An app on the device is said to be one: "sends you back" to a web site would not be true of it.
  expect(screen.getByTestId('request-redirect')).toHaveTextContent(
    native
      ? `This is an app on your device. Your answer goes to it at ${redirectHost}`
      : `Your answer sends you back to ${redirectHost}`,
  );
  expect(document.body).not.toHaveTextContent('Official Portal Mobile App');
  expect(document.body.querySelector('script, b')).toBeNull();
}

function expectGroup(label: 'Manage' | 'View', resources: Resource[]) {
  const group = screen.queryByRole('region', { name: label });
  if (resources.length === 0) return expect(group).toBeNull();
  expect(
    within(group!)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(resources.map((r) => names[r]));
}

async function expectLeaving(ctx: Ctx, url: string) {
  // A browser navigation to exactly this address, and the page stays put under it meanwhile.
  await waitFor(() => expect(assigned(ctx)).toEqual([url]));
  expect(urlOf(ctx.router)).toBe(PAGE);
  expect(accept()).toBeDisabled();
  expect(cancel()).toBeDisabled();
}

async function expectRefused(ctx: Ctx) {
  expect(await screen.findByRole('alert')).toHaveTextContent(errorText[ctx.error!]);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Authorize an application');
  expect(document.body).not.toHaveTextContent('Official Portal Mobile App');
  expect(accept()).toBeDisabled();
  expect(cancel()).toBeEnabled();
  expect(assigned(ctx)).toEqual([]);
  expect(urlOf(ctx.router)).toBe(PAGE);
}

describeModel<typeof consentMachine, Ctx>(
  consentMachine,
  withViewChecks(
    {
      name: 'consent page through the view',
      inputs: CONSENT_INPUTS,
      events: consentEvents,
      describeEvent: describeConsentEvent,
      serialize: serializeConsent,
      setup: (start): Ctx => {
        // Sent with the page: the data block the server writes into the document beside the markup it rendered.
        const { preloaded } = start as ConsentInput;
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
          [
            { path: '/pages/consent', element: <ConsentPage /> },
            landing('/pages/alexatogether'),
            landing('/pages/login'),
          ],
          PAGE,
        );
        const loaded = preloaded ? loadedCaseOf({ type: 'sent', output: preloaded }) : null;
        return { assign, requests, router, loaded, error: null, sent: Boolean(preloaded) };
      },
      teardown: (ctx) => {
        ctx.assign.mockRestore();
        forgetSentData();
      },
      exec: {
        'xstate.done.actor.loadRequest': (step, ctx) => {
          ctx.loaded = loadedCaseOf(step.event);
          ctx.requests.resolve('loadRequest', toResponse(step.event));
        },
        'xstate.error.actor.loadRequest': (step, ctx) => {
          const error = (step.event as { error: unknown }).error;
          ctx.error = error === failures.SCOPE_REFUSED ? 'InvalidScopeError' : 'AnErrorOccured';
          ctx.requests.resolve('loadRequest', toResponse(step.event));
        },
        'consent.accept': () => userEvent.click(accept()),
        'consent.cancel': () => userEvent.click(cancel()),
      },
      states: {
        loading: async (_snapshot, ctx) => {
          expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
          await waitFor(() => expect(ctx.requests.pending('loadRequest')).toBe(1));
          // The handle, and the query's client, redirect URI and scope for the server to compare with its record.
          expect(ctx.requests.lastInput('loadRequest')).toEqual({
            request: HANDLE,
            client_id: 'care-client',
            redirect_uri: 'https://client.example/callback',
            scope: 'user:read',
          });
          expect(screen.queryByRole('button')).toBeNull();
          expect(document.body).not.toHaveTextContent('Official Portal Mobile App');
        },
        asking: async (_snapshot, ctx) => {
          await expectRequest(ctx);
          // Sent with the page: on screen from the first render, and never asked for again.
          if (ctx.sent) expect(ctx.requests.inputs('loadRequest')).toEqual([]);
          expectGroup('Manage', ctx.loaded!.manage);
          expectGroup('View', ctx.loaded!.view);
          expect(accept()).toBeEnabled();
          expect(cancel()).toBeEnabled();
          expect(screen.queryByRole('alert')).toBeNull();
          expect(assigned(ctx)).toEqual([]);
          expect(urlOf(ctx.router)).toBe(PAGE);
        },
        invalid: (_snapshot, ctx) => expectRefused(ctx),
        failed: (_snapshot, ctx) => expectRefused(ctx),
        unknownRequest: async (_snapshot, ctx) => {
          expect(
            await screen.findByRole('heading', { name: 'This authorization request is not valid' }),
          ).toBeInTheDocument();
          expect(screen.getByText(/No access was granted/)).toBeInTheDocument();
          expect(screen.getByRole('link', { name: 'Go to the main page' })).toHaveAttribute('href', '/pages/main');
          expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
          expect(document.body).not.toHaveTextContent('Official Portal Mobile App');
          expect(assigned(ctx)).toEqual([]);
          expect(urlOf(ctx.router)).toBe(PAGE);
        },
        sessionEnded: async (_snapshot, ctx) => {
          await expectLanded(ctx.router, `/pages/login?return_to=${encodeURIComponent(PAGE)}`);
          expect(assigned(ctx)).toEqual([]);
        },
        accepting: async (_snapshot, ctx) => {
          await expectRequest(ctx);
          await expectLeaving(ctx, `/api/consent?${SEARCH}`);
        },
        continuingToAlexa: async (_snapshot, ctx) => {
          await expectLanded(ctx.router, `/pages/alexatogether?${SEARCH}`);
          expect(assigned(ctx)).toEqual([]);
        },
        cancelling: async (_snapshot, ctx) => {
          await expectLeaving(ctx, denialUrlFor(ctx.loaded?.request.applicationName ?? 'Official Portal Mobile App'));
        },
      },
    },
    // Cancel on a request that cannot be granted leaves the page: why it cannot is still true while the browser goes.
    { cancelling: new RegExp(`^(${Object.values(errorText).join('|')})$`) },
  ),
);
