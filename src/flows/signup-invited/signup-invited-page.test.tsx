import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { signupInvitedMachine } from '../../../machines/signup-invited/signup-invited.machine.ts';
import type { SignupField } from '../../../machines/signup/signup.machine.ts';
import {
  describeSignupEvent,
  filled,
  serializeSignupContext,
  signupEvents,
  submitFailures,
} from '../../../machines/signup/signup.model-cases.ts';
import type { ApiError } from '../../../shared-domain/api-error.ts';
import { createDeferredQueue, describeModel, type DeferredQueue, type ModelEvent } from '../../../tests/support/model-harness.ts';
import { useMswServer } from '../../../tests/support/msw.ts';
import { renderRoutes } from '../../../tests/support/render.tsx';
import { SignupInvitedPage } from './signup-invited-page.tsx';
import { failureText, fieldLabels } from '../signup/signup-view-cases.ts';

const server = useMswServer();
const INVITATION_TOKEN = 'invitation-token-1';


interface Ctx {
  requests: DeferredQueue<'submitSignup'>;
  typed: Record<SignupField, string>;
  terms: boolean;
  expectedText: string | null;
  message: string | null;
}

const field = (name: SignupField) => screen.getByLabelText(fieldLabels[name]) as HTMLInputElement;
const terms = () => screen.getByRole('checkbox', { name: 'I accept the terms and conditions' });
const signUpButton = () => screen.getByRole('button', { name: /^(Sign up|Processing)$/ });

async function expectForm(ctx: Ctx) {
  await waitFor(() => expect(field('password')).toHaveValue(ctx.typed.password));
  expect(field('friendlyName')).toHaveValue(ctx.typed.friendlyName);
  // The invitation fixed the email: shown, not editable.
  expect(field('email')).toHaveValue(filled.email);
  expect(field('email')).toHaveAttribute('readonly');
  if (ctx.terms) expect(terms()).toBeChecked();
  else expect(terms()).not.toBeChecked();
  if (ctx.expectedText) expect(await screen.findByRole('alert')).toHaveTextContent(ctx.expectedText);
  else expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('button', { name: /captcha/i })).toBeNull();
  expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/pages/login');
}

describeModel(signupInvitedMachine, {
  name: 'invited signup page through the view',
  input: { email: filled.email },
  events: signupEvents('invited'),
  describeEvent: describeSignupEvent,
  serializeContext: serializeSignupContext,
  setup: (): Ctx => {
    const ctx: Ctx = {
      requests: createDeferredQueue(),
      typed: { email: filled.email, friendlyName: '', password: '' },
      terms: false,
      expectedText: null,
      message: null,
    };
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.post('/api/signup/invite', async ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        return (await ctx.requests.take('submitSignup', { query, body: await request.json() })) as Response;
      }),
    );
    renderRoutes(
      [{ path: '/pages/signup/invited', element: <SignupInvitedPage /> }],
      `/pages/signup/invited?invitation_token=${INVITATION_TOKEN}&email=${encodeURIComponent(filled.email)}`,
    );
    return ctx;
  },
  exec: {
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
      ctx.expectedText = password === '' ? 'Please enter your password' : friendlyName === '' ? 'Please enter your name' : null;
      // Enter in a field submits like the button.
      await userEvent.type(field('friendlyName'), '{Enter}');
    },
    'xstate.done.actor.submitSignup': (step, ctx) => {
      ctx.message = (step.event as { output: { message: string } }).output.message;
      ctx.requests.resolve('submitSignup', HttpResponse.json({ success: true, message: ctx.message }));
    },
    'xstate.error.actor.submitSignup': (step, ctx) => {
      const error = (step.event as { error: ApiError }).error;
      ctx.expectedText = failureText[submitFailures.find((f) => f.error === error)!.label];
      ctx.requests.resolve('submitSignup', error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status }));
    },
  },
  states: {
    'editing.termsPending': async (_snapshot, ctx) => {
      await expectForm(ctx);
      expect(signUpButton()).toBeDisabled();
    },
    'editing.termsAccepted': async (_snapshot, ctx) => {
      await expectForm(ctx);
      expect(signUpButton()).toBeEnabled();
    },
    submitting: async (_snapshot, ctx) => {
      expect(await screen.findByRole('button', { name: 'Processing' })).toBeDisabled();
      await waitFor(() => expect(ctx.requests.pending('submitSignup')).toBe(1));
      expect(ctx.requests.lastInput('submitSignup')).toEqual({
        query: { invitation_token: INVITATION_TOKEN },
        body: { email: filled.email, password: filled.password, friendly_name: filled.friendlyName, accept_terms: true, language: 'en-us' },
      });
    },
    signedUp: async (_snapshot, ctx) => {
      expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(ctx.message!);
      expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/pages/login');
      expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
      expect(screen.queryByLabelText('Email')).toBeNull();
    },
  },
});
