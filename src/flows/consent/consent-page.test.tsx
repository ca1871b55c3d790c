import { expect, vi, type MockInstance } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { consentMachine } from '../../../machines/consent/consent.machine.ts';
import {
  consentEvents,
  DENIAL_URL,
  describeConsentEvent,
  openCaseOf,
  searchFor,
  type OpenCase,
} from '../../../machines/consent/consent.model-cases.ts';
import { hasScope, type Resource } from '../../../shared-domain/scopes.ts';
import { describeModel } from '../../../tests/support/model-harness.ts';
import { useMswServer } from '../../../tests/support/msw.ts';
import { landing, renderRoutes, setSessionClaims } from '../../../tests/support/render.tsx';
import { navigation } from '../../lib/navigation.ts';
import { ConsentPage } from './consent-page.tsx';

const server = useMswServer();

/** Resource names as a reader sees them, in English, written out by hand. */
const names: Partial<Record<Resource, string>> = {
  camera: 'Cameras',
  alert: 'Alerts',
  user: 'User profile',
  skeleton: 'Skeleton data',
  alexa: 'Alexa Together',
  person: 'Monitored people',
};

interface Ctx {
  assign: MockInstance<(url: string) => void>;
  router: ReturnType<typeof renderRoutes>['router'] | null;
  opened: OpenCase | null;
}

const accept = () => screen.getByRole('button', { name: 'Accept' });
const cancel = () => screen.getByRole('button', { name: 'Cancel' });
const assigned = (ctx: Ctx) => ctx.assign.mock.calls.map(([url]) => url);

async function expectHeading() {
  expect(await screen.findByRole('heading', { name: 'Allow Care App to access your account?' })).toBeInTheDocument();
}

function expectGroup(label: 'Manage' | 'View', resources: Resource[]) {
  const group = screen.queryByRole('region', { name: label });
  if (resources.length === 0) return expect(group).toBeNull();
  expect(within(group!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(resources.map((r) => names[r]));
}

async function expectLeaving(ctx: Ctx, url: string) {
  await waitFor(() => expect(assigned(ctx)).toEqual([url]));
  expect(accept()).toBeDisabled();
  expect(cancel()).toBeDisabled();
}

describeModel(consentMachine, {
  name: 'consent page through the view',
  events: consentEvents,
  describeEvent: describeConsentEvent,
  serializeContext: (context) => ({ alexa: hasScope(context.scopes, 'alexa') }),
  setup: (): Ctx => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    return { assign, router: null, opened: null };
  },
  teardown: (ctx) => ctx.assign.mockRestore(),
  exec: {
    // Opening is the page reading its URL and the claims cookie: the path's request is that URL and cookie.
    'request.open': (step, ctx) => {
      ctx.opened = openCaseOf(step.event);
      if (ctx.opened.claims) setSessionClaims(ctx.opened.claims);
      else document.cookie = 'sid_claims=%%not-base64%%; path=/';
      ctx.router = renderRoutes(
        [{ path: '/pages/consent', element: <ConsentPage /> }, landing('/pages/alexatogether')],
        `/pages/consent?${searchFor(ctx.opened.scope)}`,
      ).router;
    },
    'consent.accept': () => userEvent.click(accept()),
    'consent.cancel': () => userEvent.click(cancel()),
  },
  states: {
    opening: (_snapshot, ctx) => {
      expect(ctx.router).toBeNull();
      expect(assigned(ctx)).toEqual([]);
    },
    asking: async (_snapshot, ctx) => {
      await expectHeading();
      expect(screen.getByText(/Care App asks for permission to use the following data/)).toBeInTheDocument();
      expectGroup('Manage', ctx.opened!.manage);
      expectGroup('View', ctx.opened!.view);
      expect(accept()).toBeEnabled();
      expect(cancel()).toBeEnabled();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(assigned(ctx)).toEqual([]);
    },
    invalid: async (_snapshot, ctx) => {
      expect(await screen.findByRole('alert')).toHaveTextContent('The application asked for access that cannot be granted to your account');
      await expectHeading();
      expect(accept()).toBeDisabled();
      expect(cancel()).toBeEnabled();
      expect(assigned(ctx)).toEqual([]);
    },
    failed: async (_snapshot, ctx) => {
      expect(await screen.findByRole('alert')).toHaveTextContent('An error occured, please try again later');
      expect(accept()).toBeDisabled();
      expect(cancel()).toBeEnabled();
      expect(assigned(ctx)).toEqual([]);
    },
    accepting: async (_snapshot, ctx) => {
      await expectHeading();
      await expectLeaving(ctx, `/api/consent?${searchFor(ctx.opened!.scope)}`);
    },
    continuingToAlexa: async (_snapshot, ctx) => {
      expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/alexatogether');
      expect(ctx.router!.state.location.search).toBe(`?${searchFor(ctx.opened!.scope)}`);
      expect(assigned(ctx)).toEqual([]);
    },
    cancelling: async (_snapshot, ctx) => {
      await expectLeaving(ctx, DENIAL_URL);
    },
  },
});
