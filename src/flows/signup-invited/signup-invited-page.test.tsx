import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InvitationProblem } from '#machines/signup/signup.errors.ts';
import type { SignupField } from '#machines/signup/signup.machine.ts';
import {
  describeSignupEvent,
  filled,
  INVITED_EMAIL,
  invitationCheckFailures,
  invitationRefusal,
  serializeSignupContext,
  signupEvents,
  submitFailures,
} from '#machines/signup/signup.model-cases.ts';
import { signupInvitedMachine } from '#machines/signup-invited/signup-invited.machine.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import {
  checkFailedText,
  failureField,
  failureText,
  fieldLabels,
} from '#src/components/signup-form/signup-view-cases.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import {
  expectErrorFocus,
  expectFirstFieldFocused,
  expectNoAlert,
  renderRoutes,
  type TestRouter,
  urlOf,
  waitFor,
} from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { SignupInvitedPage } from './signup-invited-page.tsx';

const server = setupMswServer();
const INVITATION_TOKEN = 'invitation-token-1';
/** The link names another address than the invitation's: the page must show and use the server's, never this one. */
const LINK_EMAIL = 'mallory@example.com';
const PAGE = `/pages/signup/invited?invitation_token=${INVITATION_TOKEN}&email=${encodeURIComponent(LINK_EMAIL)}`;

/** Why the invitation cannot be used, as a reader sees it, in English, written out by hand. */
const problemText: Record<InvitationProblem, string> = {
  InvitationNotFound: 'This invitation link is not valid.',
  InvitationUsed: 'This invitation has already been used.',
  InvitationExpired: 'This invitation has expired, or a newer one replaced it.',
  InvitationEmailRegistered: 'An account with this email already exists.',
};

interface Ctx {
  requests: DeferredQueue<'submitSignup' | 'checkInvitation'>;
  typed: Record<SignupField, string>;
  terms: boolean;
  /** The error the form must show, and the field it is about (null: the message takes focus). */
  expected: { text: string; field: SignupField | null } | null;
  problem: InvitationProblem | null;
  message: string | null;
  /** What the Retry view says after the last check that got no verdict. */
  checkFailedText: string | null;
  router: TestRouter;
}

/** What a failure shows, and where focus goes. */
const expected = (text: string | null, label?: string): Ctx['expected'] =>
  text === null ? null : { text, field: failureField[label ?? text] ?? null };

const field = (name: SignupField) => screen.getByLabelText(fieldLabels[name]) as HTMLInputElement;
const terms = () => screen.getByRole('checkbox', { name: 'I accept the terms and conditions' });
const signUpButton = () => screen.getByRole('button', { name: /^(Sign up|Processing)$/ });

function answer(error: ApiError): Response {
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

async function expectForm(ctx: Ctx, event: ModelEvent) {
  await waitFor(() => expect(field('password')).toHaveValue(ctx.typed.password));
  expect(field('friendlyName')).toHaveValue(ctx.typed.friendlyName);
  // The invitation fixed the email, as the server names it: shown, plainly not editable.
  expect(field('email')).toHaveValue(INVITED_EMAIL);
  expect(field('email')).toHaveAttribute('readonly');
  expect(field('email')).toHaveAttribute('aria-readonly', 'true');
  expect(field('email')).toHaveAttribute('data-variant', 'filled');
  expect(field('email')).toHaveAccessibleDescription('The invitation is for this address; it cannot be changed.');
  expect(screen.queryByDisplayValue(LINK_EMAIL)).toBeNull();
  if (ctx.terms) expect(terms()).toBeChecked();
  else expect(terms()).not.toBeChecked();
  expect(screen.queryByRole('button', { name: /captcha/i })).toBeNull();
  expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/pages/login');
  expect(urlOf(ctx.router)).toBe(PAGE);
  // Decision 0009: the form starts on its first field that can be typed in (the invited address cannot), and a
  // failure takes focus to its field or its message.
  if (event.type === 'xstate.done.actor.checkInvitation') await expectFirstFieldFocused(field('friendlyName'));
  if (!ctx.expected) expectNoAlert();
  else {
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ctx.expected.text);
    if (event.type === 'form.submit' || event.type === 'xstate.error.actor.submitSignup')
      await expectErrorFocus(alert, ctx.expected.field ? field(ctx.expected.field) : null);
  }
}

describeModel<typeof signupInvitedMachine, Ctx>(
  signupInvitedMachine,
  withViewChecks({
    name: 'invited signup page through the view',
    events: signupEvents('invited'),
    describeEvent: describeSignupEvent,
    serializeContext: serializeSignupContext,
    setup: (): Ctx => {
      const ctx: Ctx = {
        requests: createDeferredQueue(),
        typed: { email: INVITED_EMAIL, friendlyName: '', password: '' },
        terms: false,
        expected: null,
        problem: null,
        message: null,
        checkFailedText: null,
      } as Omit<Ctx, 'router'> as Ctx;
      const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get(
          '/api/signup/invite/check',
          async ({ request }) => (await ctx.requests.take('checkInvitation', query(request))) as Response,
        ),
        http.post('/api/signup/invite', async ({ request }) => {
          return (await ctx.requests.take('submitSignup', {
            query: query(request),
            body: await request.json(),
          })) as Response;
        }),
      );
      ctx.router = renderRoutes([{ path: '/pages/signup/invited', element: <SignupInvitedPage /> }], PAGE).router;
      return ctx;
    },
    exec: {
      'xstate.done.actor.checkInvitation': (step, ctx) => {
        const { email } = (step.event as { output: { email: string } }).output;
        ctx.requests.resolve('checkInvitation', HttpResponse.json({ success: true, data: { email } }));
      },
      'xstate.error.actor.checkInvitation': (step, ctx) => {
        const failure = invitationCheckFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
        ctx.problem = failure.problem;
        ctx.checkFailedText = failure.problem ? null : checkFailedText[failure.label];
        ctx.requests.resolve('checkInvitation', answer(failure.error));
      },
      'check.retry': () => userEvent.click(screen.getByRole('button', { name: 'Retry' })),
      'form.change': async (step, ctx) => {
        const { field: name, value } = step.event as unknown as { field: SignupField; value: string };
        ctx.typed[name] = value;
        await userEvent.click(field(name));
        await userEvent.paste(value);
      },
      'terms.accept': async (_step, ctx) => {
        ctx.terms = true;
        await userEvent.click(terms());
      },
      'terms.decline': async (_step, ctx) => {
        ctx.terms = false;
        await userEvent.click(terms());
      },
      'form.submit': async (_step, ctx) => {
        const { password, friendlyName } = ctx.typed;
        ctx.expected = expected(
          password === '' ? 'Please enter your password' : friendlyName === '' ? 'Please enter your name' : null,
        );
        // Enter in a field submits like the button.
        await userEvent.type(field('friendlyName'), '{Enter}');
      },
      'xstate.done.actor.submitSignup': (step, ctx) => {
        ctx.message = (step.event as { output: { message: string } }).output.message;
        ctx.requests.resolve('submitSignup', HttpResponse.json({ success: true, message: ctx.message }));
      },
      'xstate.error.actor.submitSignup': (step, ctx) => {
        const error = (step.event as { error: ApiError }).error;
        const failure = submitFailures.find((f) => f.error === error);
        // The link itself refused (written by hand): the page asks about it again, so no message under the form.
        const refused = error === invitationRefusal.error || failure?.label === '409 with a message';
        ctx.expected = refused ? null : expected(failureText[failure!.label], failure!.label);
        ctx.requests.resolve('submitSignup', answer(error));
      },
    },
    states: {
      checking: async (_snapshot, ctx) => {
        expect(await screen.findByLabelText('Checking your invitation')).toBeInTheDocument();
        expect(screen.queryByLabelText('Email')).toBeNull();
        await waitFor(() => expect(ctx.requests.pending('checkInvitation')).toBe(1));
        expect(ctx.requests.lastInput('checkInvitation')).toEqual({ invitation_token: INVITATION_TOKEN });
      },
      checkFailed: async (_snapshot, ctx) => {
        expect(await screen.findByRole('alert')).toHaveTextContent(ctx.checkFailedText!);
        expect(urlOf(ctx.router)).toBe(PAGE);
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/pages/login');
        // No verdict on the link: neither called invalid nor a form that may only fail.
        expect(screen.queryByRole('heading', { name: 'This invitation cannot be used' })).toBeNull();
        expect(screen.queryByLabelText('Email')).toBeNull();
      },
      invalid: async (_snapshot, ctx) => {
        expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeInTheDocument();
        expect(urlOf(ctx.router)).toBe(PAGE);
        expect(screen.getByRole('alert')).toHaveTextContent(problemText[ctx.problem!]);
        const accountExists = ctx.problem === 'InvitationUsed' || ctx.problem === 'InvitationEmailRegistered';
        expect(
          screen.getByText(
            accountExists
              ? 'If the account is yours, sign in. Otherwise ask the account owner for a new invitation.'
              : 'Ask the account owner for a new invitation.',
          ),
        ).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/pages/login');
        expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/pages/signup');
        expect(screen.queryByLabelText('Email')).toBeNull();
        expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
      },
      'editing.termsPending': async (_snapshot, ctx, step) => {
        await expectForm(ctx, step.event);
        expect(signUpButton()).toBeDisabled();
      },
      'editing.termsAccepted': async (_snapshot, ctx, step) => {
        await expectForm(ctx, step.event);
        expect(signUpButton()).toBeEnabled();
      },
      submitting: async (_snapshot, ctx) => {
        expect(await screen.findByRole('button', { name: 'Processing' })).toBeDisabled();
        await waitFor(() => expect(ctx.requests.pending('submitSignup')).toBe(1));
        expect(ctx.requests.lastInput('submitSignup')).toEqual({
          query: { invitation_token: INVITATION_TOKEN },
          body: {
            email: INVITED_EMAIL,
            password: filled.password,
            friendly_name: filled.friendlyName,
            accept_terms: true,
            language: 'en-us',
          },
        });
      },
      signedUp: async (_snapshot, ctx) => {
        expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
        expect(urlOf(ctx.router)).toBe(PAGE);
        expect(screen.getByRole('status')).toHaveTextContent(ctx.message!);
        expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/pages/login');
        expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
        expect(screen.queryByLabelText('Email')).toBeNull();
      },
    },
  }),
);

describe('invited signup focus', () => {
  it('focuses the name field when the form appears: the invited address cannot be edited', async () => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/signup/invite/check', () =>
        HttpResponse.json({ success: true, data: { email: 'ann@example.com' } }),
      ),
    );
    renderRoutes([{ path: '/pages/signup/invited', element: <SignupInvitedPage /> }], PAGE);
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  });
});
