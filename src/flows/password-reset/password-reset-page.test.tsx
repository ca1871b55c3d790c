import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { passwordResetMachine } from '../../../machines/password-reset/password-reset.machine.ts';
import { ApiError, apiErrorBody } from '../../../shared-domain/api-error.ts';
import { GenericCode } from '../../../shared-domain/error-codes.ts';
import { validatePassword } from '../../../shared-domain/password.ts';
import { createDeferredQueue, describeModel, type DeferredQueue, type ModelEvent } from '../../../tests/support/model-harness.ts';
import { useMswServer } from '../../../tests/support/msw.ts';
import { renderRoutes } from '../../../tests/support/render.tsx';
import { PasswordResetPage } from './password-reset-page.tsx';

const server = useMswServer();
const TOKEN = 'tok-123';
const START = `/pages/password/reset?email=ann%40example.com&reset_token=${TOKEN}&return_to=%2Fpages%2Fmain`;
const WEB_APP = 'https://app.example.com/home';
// The page loads GET /api/config once per page load (module cache), so every test of this file serves the same one.
const CONFIG = { webAppUrl: WEB_APP, androidAppPackage: 'com.acme.care' };

/** Each typed password: the message a submit must show, and the checklist (length, number, upper, lower), by hand. */
const passwords: Record<string, { text: string | null; met: [boolean, boolean, boolean, boolean] }> = {
  '': { text: 'Please enter your password', met: [false, false, false, false] },
  short1: { text: 'Password must be 10 to 32 characters long', met: [false, true, false, true] },
  abcdefghij1: { text: 'Password must contain at least one uppercase letter', met: [true, true, false, true] },
  Abcdefghij1: { text: null, met: [true, true, true, true] },
};
const changeFailures: Array<{ error: ApiError; text: string }> = [
  {
    error: new ApiError(400, { ...apiErrorBody(GenericCode.INVALID_TOKEN, 'InvalidToken'), message: 'The link has expired' }),
    text: 'The link has expired',
  },
  { error: new ApiError(0, null), text: 'An error occured, please try again later' },
];

const events: ModelEvent[] = [
  ...Object.keys(passwords).map((value) => ({ type: 'form.change', value })),
  { type: 'form.submit' },
  { type: 'xstate.done.actor.checkResetToken', output: undefined },
  { type: 'xstate.error.actor.checkResetToken', error: new ApiError(400, apiErrorBody(GenericCode.INVALID_TOKEN, 'InvalidToken')) },
  { type: 'xstate.done.actor.changePassword', output: { message: 'Your password was changed on every device' } },
  ...changeFailures.map(({ error }) => ({ type: 'xstate.error.actor.changePassword' as const, error })),
];

interface Ctx {
  requests: DeferredQueue<'checkResetToken' | 'changePassword'>;
  typed: string;
  /** The field has had the caret since the first keystroke: the checklist is open from then on. */
  focused: boolean;
  expectedText: string | null;
}

function toResponse(event: ModelEvent): Response {
  if ('output' in event) return HttpResponse.json({ success: true, ...(event.output as object | undefined) });
  const error = event.error as ApiError;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const passwordField = () => screen.getByLabelText('New password') as HTMLInputElement;
/** Open means in the page and not hidden from the reader (a closed Collapse may not even have mounted its list). */
const openChecklist = () => {
  const list = screen.queryByTestId('password-requirements');
  return list?.parentElement?.getAttribute('aria-hidden') === 'false' ? list : null;
};

describeModel(passwordResetMachine, {
  name: 'password reset page through the view',
  input: { resetToken: TOKEN },
  events,
  serializeContext: (context) => ({ invalid: validatePassword(context.password) }),
  setup: (): Ctx => {
    const ctx: Ctx = { requests: createDeferredQueue(), typed: '', focused: false, expectedText: null };
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: CONFIG })),
      http.get('/api/password/change/check', async ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        return (await ctx.requests.take('checkResetToken', query)) as Response;
      }),
      http.patch('/api/password/change', async ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        return (await ctx.requests.take('changePassword', { query, body: await request.json() })) as Response;
      }),
    );
    renderRoutes([{ path: '/pages/password/reset', element: <PasswordResetPage /> }], START);
    return ctx;
  },
  exec: {
    'form.change': async (step, ctx) => {
      ctx.typed = (step.event as unknown as { value: string }).value;
      ctx.focused = true;
      await userEvent.click(passwordField());
      await userEvent.clear(passwordField());
      if (ctx.typed) await userEvent.type(passwordField(), ctx.typed);
    },
    'form.submit': async (_step, ctx) => {
      ctx.expectedText = passwords[ctx.typed].text;
      ctx.focused = true;
      await userEvent.type(passwordField(), '{Enter}');
    },
    'xstate.done.actor.checkResetToken': (step, ctx) => ctx.requests.resolve('checkResetToken', toResponse(step.event)),
    'xstate.error.actor.checkResetToken': (step, ctx) => ctx.requests.resolve('checkResetToken', toResponse(step.event)),
    'xstate.done.actor.changePassword': (step, ctx) => ctx.requests.resolve('changePassword', toResponse(step.event)),
    'xstate.error.actor.changePassword': (step, ctx) => {
      ctx.expectedText = changeFailures.find((f) => f.error === (step.event as { error: unknown }).error)!.text;
      ctx.requests.resolve('changePassword', toResponse(step.event));
    },
  },
  states: {
    loading: async (_snapshot, ctx) => {
      expect(await screen.findByLabelText('Checking your link')).toBeInTheDocument();
      expect(screen.queryByLabelText('New password')).toBeNull();
      await waitFor(() => expect(ctx.requests.inputs('checkResetToken')).toEqual([{ reset_token: TOKEN }]));
    },
    valid: async (_snapshot, ctx) => {
      expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
      expect(passwordField()).toHaveValue(ctx.typed);
      if (ctx.expectedText) expect(await screen.findByRole('alert')).toHaveTextContent(ctx.expectedText);
      else expect(screen.queryByRole('alert')).toBeNull();
      // The checklist opens with the caret in the field and follows every keystroke.
      if (!ctx.focused) {
        expect(openChecklist()).toBeNull();
        return;
      }
      await waitFor(() => {
        const met = within(openChecklist()!).getAllByRole('listitem').map((item) => item.getAttribute('data-met') === 'true');
        expect(met).toEqual(passwords[ctx.typed].met);
      });
    },
    submitting: async (_snapshot, ctx) => {
      expect(await screen.findByRole('button', { name: 'Processing' })).toBeDisabled();
      expect(screen.queryByRole('alert')).toBeNull();
      await waitFor(() => expect(ctx.requests.pending('changePassword')).toBe(1));
      expect(ctx.requests.lastInput('changePassword')).toEqual({
        query: { reset_token: TOKEN },
        body: { password: 'Abcdefghij1', logout: true, language: 'en-us' },
      });
    },
    success: async () => {
      expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Your password was changed on every device');
      expect(screen.queryByLabelText('New password')).toBeNull();
      expect(await screen.findByRole('link', { name: 'Open app' })).toHaveAttribute('href', WEB_APP);
    },
    invalid: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent('invalid recovery or activation link (may be expired)');
      expect(screen.queryByLabelText('New password')).toBeNull();
      // The reader's address comes along to the recovery page; other params ride as usual.
      expect(screen.getByRole('link', { name: 'Send a new recovery email' })).toHaveAttribute(
        'href',
        '/pages/recover?return_to=%2Fpages%2Fmain&email=ann%40example.com',
      );
    },
  },
});

describe('password reset page', () => {
  afterEach(() => vi.restoreAllMocks());

  const ANDROID_CHROME =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';

  function serve() {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: CONFIG })),
      http.get('/api/password/change/check', () => HttpResponse.json({ success: true })),
      http.patch('/api/password/change', () => HttpResponse.json({ success: true, message: 'Password changed' })),
    );
  }

  async function changePassword() {
    await userEvent.type(await screen.findByLabelText('New password'), 'Abcdefghij1{Enter}');
    return screen.findByRole('link', { name: 'Open app' });
  }

  it('opens the Android app through an intent on Android Chrome, falling back to the web app', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID_CHROME);
    serve();
    renderRoutes([{ path: '/pages/password/reset', element: <PasswordResetPage /> }], START);
    expect(await changePassword()).toHaveAttribute(
      'href',
      'intent://app.example.com/home#Intent;scheme=https;package=com.acme.care;S.browser_fallback_url=https%3A%2F%2Fapp.example.com%2Fhome;end',
    );
  });

  it('shows the checklist while the field has the caret and collapses it over 400 ms after', async () => {
    serve();
    renderRoutes([{ path: '/pages/password/reset', element: <PasswordResetPage /> }], START);
    await userEvent.click(await screen.findByLabelText('New password'));
    await waitFor(() => expect(openChecklist()).not.toBeNull());
    expect(openChecklist()!.parentElement!.style.transition).toMatch(/^opacity 400ms/);
    await userEvent.tab();
    await waitFor(() => expect(openChecklist()).toBeNull());
  });

  it('calls a link without a token invalid without asking the server', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: CONFIG })));
    renderRoutes([{ path: '/pages/password/reset', element: <PasswordResetPage /> }], '/pages/password/reset?email=ann%40example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid recovery or activation link (may be expired)');
    expect(screen.getByRole('link', { name: 'Send a new recovery email' })).toHaveAttribute('href', '/pages/recover?email=ann%40example.com');
  });
});
