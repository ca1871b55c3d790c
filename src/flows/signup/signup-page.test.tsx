import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type SignupField, signupMachine } from '#machines/signup/signup.machine.ts';
import {
  CAPTCHA_TOKEN,
  describeSignupEvent,
  filled,
  resendFailures,
  serializeSignupContext,
  signupEvents,
  submitFailures,
} from '#machines/signup/signup.model-cases.ts';
import { NAME_MAX_LENGTH } from '#shared-domain/account.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import { PASSWORD_MAX_LENGTH } from '#shared-domain/password.ts';
import { failureText, resendFailureText } from '#src/components/signup-form/signup-view-cases.ts';
import { createDeferredQueue, describeModel } from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { waitFor } from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import {
  type Ctx,
  expected,
  expectForm,
  expectSignedUp,
  field,
  openChecklist,
  renderPage,
  signUpButton,
  TERMS_URL,
  terms,
  toResponse,
} from './signup-page.expect.tsx';

const server = setupMswServer();

describeModel<typeof signupMachine, Ctx>(
  signupMachine,
  withViewChecks({
    name: 'signup page through the view',
    events: signupEvents('direct'),
    describeEvent: describeSignupEvent,
    serializeContext: serializeSignupContext,
    setup: (): Ctx => {
      const ctx: Ctx = {
        requests: createDeferredQueue(),
        typed: { email: '', friendlyName: '', password: '' },
        terms: false,
        token: null,
        mounts: 0,
        rounds: 0,
        expected: null,
        message: null,
        resendFailedText: null,
      } as Omit<Ctx, 'router'> as Ctx;
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: { termsUrl: TERMS_URL } })),
        http.post(
          '/api/signup/new',
          async ({ request }) => (await ctx.requests.take('submitSignup', await request.json())) as Response,
        ),
        http.get('/api/signup/verify/resend', async ({ request }) => {
          const query = Object.fromEntries(new URL(request.url).searchParams);
          return (await ctx.requests.take('resendVerification', query)) as Response;
        }),
      );
      ctx.router = renderPage(ctx);
      return ctx;
    },
    exec: {
      'form.change': async (step, ctx) => {
        const { field: name, value } = step.event as unknown as { field: SignupField; value: string };
        ctx.typed[name] = value;
        await userEvent.click(field(name));
        await userEvent.paste(value);
        if (name === 'password') {
          // product.md §2: the checklist shows while the field has focus, ticked as the rules are met.
          expect(openChecklist()).not.toBeNull();
          expect(screen.getByText('10 to 32 characters').closest('li')).toHaveAttribute('data-met', 'true');
          await userEvent.tab();
          await waitFor(() => expect(openChecklist()).toBeNull());
        }
      },
      'terms.accept': async (_step, ctx) => {
        ctx.terms = true;
        await userEvent.click(terms());
      },
      'terms.decline': async (_step, ctx) => {
        ctx.terms = false;
        await userEvent.click(terms());
      },
      'captcha.solve': async (_step, ctx) => {
        ctx.token = CAPTCHA_TOKEN;
        await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
      },
      'captcha.expire': async (_step, ctx) => {
        ctx.token = null;
        await userEvent.click(screen.getByRole('button', { name: 'Expire captcha' }));
      },
      'form.submit': async (_step, ctx) => {
        const { email, password, friendlyName } = ctx.typed;
        ctx.expected = expected(
          email === ''
            ? 'Please enter your email'
            : password === ''
              ? 'Please enter your password'
              : friendlyName === ''
                ? 'Please enter your name'
                : ctx.token === null
                  ? 'Please complete the check that you are not a robot'
                  : null,
        );
        await userEvent.click(signUpButton());
      },
      'xstate.done.actor.submitSignup': (step, ctx) => {
        ctx.message = (step.event as { output: { message: string } }).output.message;
        ctx.requests.resolve('submitSignup', toResponse(step.event, { success: true, message: ctx.message }));
      },
      'xstate.error.actor.submitSignup': (step, ctx) => {
        const { label } = submitFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
        ctx.expected = expected(failureText[label], label);
        ctx.token = null;
        ctx.rounds += 1;
        ctx.requests.resolve('submitSignup', toResponse(step.event, null));
      },
      'resend.request': () => userEvent.click(screen.getByRole('button', { name: 'Resend' })),
      'xstate.done.actor.resendVerification': (step, ctx) =>
        ctx.requests.resolve('resendVerification', toResponse(step.event, { success: true, message: 'Sent' })),
      'xstate.error.actor.resendVerification': (step, ctx) => {
        const { label } = resendFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
        ctx.resendFailedText = resendFailureText[label] ?? null;
        ctx.requests.resolve('resendVerification', toResponse(step.event, null));
      },
    },
    states: {
      'editing.termsPending': async (_snapshot, ctx, step) => {
        await expectForm(ctx, step.event);
        expect(signUpButton()).toHaveTextContent('Sign up');
        expect(signUpButton()).toBeDisabled();
      },
      'editing.termsAccepted': async (_snapshot, ctx, step) => {
        await expectForm(ctx, step.event);
        expect(signUpButton()).toHaveTextContent('Sign up');
        expect(signUpButton()).toBeEnabled();
      },
      submitting: async (_snapshot, ctx) => {
        expect(await screen.findByRole('button', { name: 'Processing' })).toBeDisabled();
        await waitFor(() => expect(ctx.requests.pending('submitSignup')).toBe(1));
        expect(ctx.requests.lastInput('submitSignup')).toEqual({
          email: filled.email,
          password: filled.password,
          friendly_name: filled.friendlyName,
          accept_terms: true,
          language: 'en-us',
          captcha_token: CAPTCHA_TOKEN,
        });
        expect(screen.queryByRole('alert')).toBeNull();
      },
      'signedUp.idle': async (_snapshot, ctx) => {
        await expectSignedUp(ctx);
        expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
        expect(screen.queryByRole('alert')).toBeNull();
      },
      'signedUp.resending': async (_snapshot, ctx) => {
        await expectSignedUp(ctx);
        await waitFor(() => expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled());
        await waitFor(() => expect(ctx.requests.pending('resendVerification')).toBe(1));
        expect(ctx.requests.lastInput('resendVerification')).toEqual({ email: filled.email, language: 'en-us' });
      },
      'signedUp.resent': async (_snapshot, ctx) => {
        await expectSignedUp(ctx);
        expect(
          await screen.findByText('We have sent the verification email again. Please check your inbox.'),
        ).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
      },
      'signedUp.resendFailed': async (_snapshot, ctx) => {
        await expectSignedUp(ctx);
        expect(await screen.findByRole('alert')).toHaveTextContent(ctx.resendFailedText!);
        expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
      },
      'signedUp.alreadyVerified': async (_snapshot, ctx) => {
        await expectSignedUp(ctx);
        // Activated meanwhile (another tab): said so, the way on is Sign In Instead, and nothing is left to resend.
        expect(
          await screen.findByText('Your account is already active: sign in with your email and password.'),
        ).toBeInTheDocument();
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
      },
    },
  }),
);

describe('signup page: the first broken rule, in words (product.md §5)', () => {
  it('names each rule in the spec order as the form is corrected', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    renderPage({ mounts: 0 });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'I accept the terms and conditions' }));
    const steps: Array<[SignupField, string, string]> = [
      ['email', '', 'Please enter your email'],
      ['email', 'ann@', 'Email is in incorrect format'],
      ['email', filled.email, 'Please enter your password'],
      ['password', 'Secret123', 'Password must be 10 to 32 characters long'],
      ['password', 'SecretSecret', 'Password must contain at least one number'],
      ['password', 'secret1234', 'Password must contain at least one uppercase letter'],
      ['password', 'SECRET1234', 'Password must contain at least one lowercase letter'],
      ['password', filled.password, 'Please enter your name'],
      ['friendlyName', '   ', 'Please enter your name'],
      ['friendlyName', filled.friendlyName, 'Please complete the check that you are not a robot'],
    ];
    for (const [name, value, text] of steps) {
      await userEvent.clear(field(name));
      if (value) await userEvent.paste(value);
      await userEvent.click(signUpButton());
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
      // Focus goes to the field the rule is about, marked and described by the words; the captcha is no field.
      const about = /email/i.test(text)
        ? 'email'
        : /password/i.test(text)
          ? 'password'
          : /name/.test(text)
            ? 'friendlyName'
            : null;
      if (about) {
        await waitFor(() => expect(field(about)).toHaveFocus());
        expect(field(about)).toHaveAttribute('aria-invalid', 'true');
        expect(field(about)).toHaveAccessibleDescription(expect.stringContaining(text));
      } else await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
      for (const other of ['email', 'password', 'friendlyName'] as const) {
        if (other !== about) expect(field(other)).not.toHaveAttribute('aria-invalid');
      }
    }
  });

  it('focuses the email field when the form appears', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    renderPage({ mounts: 0 });
    await waitFor(() => expect(field('email')).toHaveFocus());
  });
});

describe('signup page: limits', () => {
  it('stops typing at the limits the server enforces', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    renderPage({ mounts: 0 });
    const limits: Array<[SignupField, number]> = [
      ['email', EMAIL_MAX_LENGTH],
      ['friendlyName', NAME_MAX_LENGTH],
    ];
    await screen.findByRole('button', { name: 'Sign up' });
    for (const [name, limit] of limits) {
      await userEvent.click(field(name));
      await userEvent.paste('x'.repeat(limit + 10));
      expect(field(name).value).toHaveLength(limit);
    }
  });

  // A password cut as it is pasted would not be the one a password manager saved: it is kept whole, and the length
  // rule says what is wrong.
  it('keeps an over-long password whole and names the length rule', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    renderPage({ mounts: 0 });
    await screen.findByRole('button', { name: 'Sign up' });
    const tooLong = `Aa1${'x'.repeat(PASSWORD_MAX_LENGTH)}`;
    await userEvent.click(field('password'));
    await userEvent.paste(tooLong);
    expect(field('password').value).toBe(tooLong);
    await userEvent.click(field('email'));
    await userEvent.paste('ann@example.com');
    await userEvent.click(field('friendlyName'));
    await userEvent.paste('Ann');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(signUpButton());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Password must be 10 to 32 characters long'),
    );
  });
});
