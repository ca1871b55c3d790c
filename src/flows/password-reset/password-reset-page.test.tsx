import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordResetMachine } from '#machines/password-reset/password-reset.machine.ts';
import {
  CHANGED_MESSAGE,
  changeFailures,
  checkFailures,
  describePasswordResetEvent,
  passwordResetEvents,
  passwords,
  serializePasswordReset,
  TOKEN,
  VALID_PASSWORD,
} from '#machines/password-reset/password-reset.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import type { PasswordValidationCode } from '#shared-domain/password.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { fillIn, renderRoutes, type TestRouter, urlOf, waitFor } from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { PasswordResetPage } from './password-reset-page.tsx';

const server = setupMswServer();
const START = `/pages/password/reset?email=ann%40example.com&reset_token=${TOKEN}&return_to=%2Fpages%2Fmain`;
const WEB_APP = 'https://app.example.com/home';
// The page loads GET /api/config once per page load (module cache), so every test of this file serves the same one.
const CONFIG = { webAppUrl: WEB_APP, androidAppPackage: 'com.acme.care' };

/** What a reader must see for each rule, in English, written out by hand. */
const texts: Record<PasswordValidationCode, string> = {
  MISSING_PASSWORD: 'Please enter your password',
  PASSWORD_NOT_ENOUGH_LENGTH: 'Password must be 10 to 32 characters long',
  PASSWORD_NO_DIGIT: 'Password must contain at least one number',
  PASSWORD_NO_UPPERCASE: 'Password must contain at least one uppercase letter',
  PASSWORD_NO_LOWERCASE: 'Password must contain at least one lowercase letter',
};
const AN_ERROR_OCCURED = 'An error occured, please try again later';
/** What the form says for each failed change, by its label, written out by hand. */
const changeFailureTexts: Record<string, string> = {
  '400 with a message': 'The link has expired',
  '429 (90 s)': 'Too many attempts. Try again in 1 min 30 s.',
  '400 password over its limit': 'Password: at most 1024 characters',
  '500': AN_ERROR_OCCURED,
  'network failure': AN_ERROR_OCCURED,
};
/** What the page says when the link could not be checked, by the failure's label (no verdict on the link). */
const checkFailureTexts: Record<string, string> = {
  '429 (30 s)': 'Too many attempts. Try again in 0 min 30 s.',
  'network failure': AN_ERROR_OCCURED,
  '502': AN_ERROR_OCCURED,
};

interface Ctx {
  requests: DeferredQueue<'checkResetToken' | 'changePassword'>;
  typed: string;
  /**
   * Where focus is: the field when the form appears, after a keystroke and after a refusal about the password; the
   * error message after any other failure. The checklist is open exactly while the field has it.
   */
  focus: 'field' | 'alert';
  expectedText: string | null;
  /** What the page says after a check that got no verdict. */
  checkFailedText: string | null;
  router: TestRouter;
}

function toResponse(event: ModelEvent): Response {
  if ('output' in event) return HttpResponse.json({ success: true, ...(event.output as object | undefined) });
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const passwordField = () => screen.getByLabelText('New password') as HTMLInputElement;
/** Open means in the page and not hidden from the reader (a closed Collapse may not even have mounted its list). */
const openChecklist = () => {
  const list = screen.queryByTestId('password-requirements');
  return list?.parentElement?.getAttribute('aria-hidden') === 'false' ? list : null;
};

describeModel<typeof passwordResetMachine, Ctx>(
  passwordResetMachine,
  withViewChecks({
    name: 'password reset page through the view',
    input: { resetToken: TOKEN },
    events: passwordResetEvents,
    serializeContext: serializePasswordReset,
    describeEvent: describePasswordResetEvent,
    setup: (): Ctx => {
      const ctx: Ctx = {
        requests: createDeferredQueue(),
        typed: '',
        focus: 'field',
        expectedText: null,
        checkFailedText: null,
      } as Omit<Ctx, 'router'> as Ctx;
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
      ctx.router = renderRoutes([{ path: '/pages/password/reset', element: <PasswordResetPage /> }], START).router;
      return ctx;
    },
    exec: {
      'form.change': async (step, ctx) => {
        ctx.typed = (step.event as unknown as { value: string }).value;
        ctx.focus = 'field';
        await fillIn(userEvent, passwordField(), ctx.typed);
      },
      'form.submit': async (_step, ctx) => {
        const { code } = passwords[ctx.typed];
        ctx.expectedText = code ? texts[code] : null;
        ctx.focus = 'field';
        await userEvent.type(passwordField(), '{Enter}');
      },
      'xstate.done.actor.checkResetToken': (step, ctx) => {
        ctx.focus = 'field';
        ctx.requests.resolve('checkResetToken', toResponse(step.event));
      },
      'xstate.error.actor.checkResetToken': (step, ctx) => {
        const { label, invalid } = checkFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
        ctx.checkFailedText = invalid ? null : checkFailureTexts[label];
        ctx.requests.resolve('checkResetToken', toResponse(step.event));
      },
      'check.retry': () => userEvent.click(screen.getByRole('button', { name: 'Retry' })),
      'xstate.done.actor.changePassword': (step, ctx) => ctx.requests.resolve('changePassword', toResponse(step.event)),
      'xstate.error.actor.changePassword': (step, ctx) => {
        const { label } = changeFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
        ctx.expectedText = changeFailureTexts[label];
        ctx.focus = label === '400 password over its limit' ? 'field' : 'alert';
        ctx.requests.resolve('changePassword', toResponse(step.event));
      },
    },
    states: {
      loading: async (_snapshot, ctx) => {
        expect(await screen.findByLabelText('Checking your link')).toBeInTheDocument();
        expect(screen.queryByLabelText('New password')).toBeNull();
        await waitFor(() => expect(ctx.requests.pending('checkResetToken')).toBe(1));
        expect(ctx.requests.lastInput('checkResetToken')).toEqual({ reset_token: TOKEN });
      },
      checkFailed: async (_snapshot, ctx) => {
        expect(await screen.findByRole('alert')).toHaveTextContent(ctx.checkFailedText!);
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
        // No verdict on the link yet: it is not called invalid, and no form is shown that could only fail.
        expect(screen.queryByText(/invalid recovery or activation link/)).toBeNull();
        expect(screen.queryByLabelText('New password')).toBeNull();
      },
      valid: async (_snapshot, ctx) => {
        expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
        // The page never leaves the link's address, whatever happens on it.
        expect(urlOf(ctx.router)).toBe(START);
        expect(passwordField()).toHaveValue(ctx.typed);
        if (ctx.expectedText) expect(await screen.findByRole('alert')).toHaveTextContent(ctx.expectedText);
        else expect(screen.queryByRole('alert')).toBeNull();
        // The checklist opens with the caret in the field and follows every keystroke.
        if (ctx.focus === 'alert') {
          expect(screen.getByRole('alert')).toHaveFocus();
          expect(passwordField()).not.toHaveAttribute('aria-invalid');
          await waitFor(() => expect(openChecklist()).toBeNull());
          return;
        }
        await waitFor(() => expect(passwordField()).toHaveFocus());
        if (ctx.expectedText) {
          // The field in error says so, and names the message that explains it.
          expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
          expect(passwordField()).toHaveAccessibleDescription(expect.stringContaining(ctx.expectedText));
        } else expect(passwordField()).not.toHaveAttribute('aria-invalid');
        await waitFor(() => {
          const met = within(openChecklist()!)
            .getAllByRole('listitem')
            .map((item) => item.getAttribute('data-met') === 'true');
          expect(met).toEqual(passwords[ctx.typed].met);
        });
      },
      submitting: async (_snapshot, ctx) => {
        expect(await screen.findByRole('button', { name: 'Processing' })).toBeDisabled();
        expect(screen.queryByRole('alert')).toBeNull();
        await waitFor(() => expect(ctx.requests.pending('changePassword')).toBe(1));
        expect(ctx.requests.lastInput('changePassword')).toEqual({
          query: { reset_token: TOKEN },
          body: { password: VALID_PASSWORD, logout: true, language: 'en-us' },
        });
      },
      success: async (_snapshot, ctx) => {
        expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
        expect(urlOf(ctx.router)).toBe(START);
        expect(screen.getByRole('status')).toHaveTextContent(CHANGED_MESSAGE);
        expect(screen.queryByLabelText('New password')).toBeNull();
        expect(await screen.findByRole('link', { name: 'Open app' })).toHaveAttribute('href', WEB_APP);
        expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
          'href',
          '/pages/login?return_to=%2Fpages%2Fmain',
        );
      },
      invalid: async (_snapshot, ctx) => {
        expect(await screen.findByRole('alert')).toHaveTextContent(
          'invalid recovery or activation link (may be expired)',
        );
        expect(urlOf(ctx.router)).toBe(START);
        expect(screen.queryByLabelText('New password')).toBeNull();
        // The reader's address comes along to the recovery page; other params ride as usual.
        expect(screen.getByRole('link', { name: 'Send a new recovery email' })).toHaveAttribute(
          'href',
          '/pages/recover?return_to=%2Fpages%2Fmain&email=ann%40example.com',
        );
      },
    },
  }),
);

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
    await userEvent.type(await screen.findByLabelText('New password'), `${VALID_PASSWORD}{Enter}`);
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
    renderRoutes(
      [{ path: '/pages/password/reset', element: <PasswordResetPage /> }],
      '/pages/password/reset?email=ann%40example.com',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid recovery or activation link (may be expired)');
    expect(screen.getByRole('link', { name: 'Send a new recovery email' })).toHaveAttribute(
      'href',
      '/pages/recover?email=ann%40example.com',
    );
  });
});
