import { expect, vi, type MockInstance } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { alexaTogetherMachine } from '../../../machines/alexa-together/alexa-together.machine.ts';
import {
  alexaTogetherEvents,
  CONTINUE_URL,
  DENIAL_URL,
  SEARCH,
} from '../../../machines/alexa-together/alexa-together.model-cases.ts';
import { describeModel } from '../../../tests/support/model-harness.ts';
import { useMswServer } from '../../../tests/support/msw.ts';
import { renderRoutes } from '../../../tests/support/render.tsx';
import { navigation } from '../../lib/navigation.ts';
import { AlexaTogetherPage } from './alexa-together-page.tsx';

const server = useMswServer();

interface Ctx {
  assign: MockInstance<(url: string) => void>;
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const cancelButton = () => screen.getByRole('button', { name: 'Cancel' });

async function expectText() {
  expect(await screen.findByRole('heading', { name: 'Link your Alexa Together subscription' })).toBeInTheDocument();
  expect(screen.getByText(/Care App asks to link your Alexa Together subscription to your account/)).toBeInTheDocument();
  expect(screen.getByText(/the 24\/7 Urgent Response team can be alerted when a fall is detected/)).toBeInTheDocument();
}

async function expectLeaving(ctx: Ctx, url: string) {
  await expectText();
  await waitFor(() => expect(ctx.assign.mock.calls).toEqual([[url]]));
  expect(continueButton()).toBeDisabled();
  expect(cancelButton()).toBeDisabled();
}

describeModel(alexaTogetherMachine, {
  name: 'Alexa Together page through the view',
  input: { search: SEARCH },
  events: alexaTogetherEvents,
  setup: (): Ctx => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    renderRoutes([{ path: '/pages/alexatogether', element: <AlexaTogetherPage /> }], `/pages/alexatogether?${SEARCH}`);
    return { assign };
  },
  teardown: (ctx) => ctx.assign.mockRestore(),
  exec: {
    'link.continue': () => userEvent.click(continueButton()),
    'link.cancel': () => userEvent.click(cancelButton()),
  },
  states: {
    asking: async (_snapshot, ctx) => {
      await expectText();
      expect(continueButton()).toBeEnabled();
      expect(cancelButton()).toBeEnabled();
      expect(ctx.assign).not.toHaveBeenCalled();
    },
    continuing: (_snapshot, ctx) => expectLeaving(ctx, CONTINUE_URL),
    cancelling: (_snapshot, ctx) => expectLeaving(ctx, DENIAL_URL),
  },
});
