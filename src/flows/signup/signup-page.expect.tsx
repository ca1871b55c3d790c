/**
 * What the signup page must show, written out by hand (with signup-view-cases.ts, shared with the invited page), and
 * the checks the model test runs after each step (signup-page.test.tsx).
 */
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { useEffect } from 'react';
import { expect } from 'vitest';
import type { SignupField } from '#machines/signup/signup.machine.ts';
import { CAPTCHA_TOKEN } from '#machines/signup/signup.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import { failureField, fieldLabels } from '#src/components/signup-form/signup-view-cases.ts';
import type { DeferredQueue, ModelEvent } from '#tests/support/model-harness.ts';
import {
  expectErrorFocus,
  expectFirstFieldFocused,
  expectNoAlert,
  landing,
  renderRoutes,
  type TestRouter,
  urlOf,
  waitFor,
} from '#tests/support/render.tsx';
import type { CaptchaProps } from './signup-captcha.tsx';
import { SignupPage } from './signup-page.tsx';

export const TERMS_URL = 'https://provider.example/terms';
export const URL_IN = '/pages/signup?return_to=%2Fpages%2Fmain';
export const LOGIN_LINK = '/pages/login?return_to=%2Fpages%2Fmain';

export interface Ctx {
  requests: DeferredQueue<'submitSignup' | 'resendVerification'>;
  typed: Record<SignupField, string>;
  terms: boolean;
  token: string | null;
  /** Captchas mounted so far: one more after every spent token. */
  mounts: number;
  rounds: number;
  /** The error the form must show, and the field it is about (null: the message takes focus). */
  expected: { text: string; field: SignupField | null } | null;
  message: string | null;
  /** What the page says after the last failed resend. */
  resendFailedText: string | null;
  router: TestRouter;
}

export function toResponse(event: ModelEvent, success: Record<string, unknown> | null): Response {
  if ('output' in event) return HttpResponse.json(success);
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

export const field = (name: SignupField) => screen.getByLabelText(fieldLabels[name]) as HTMLInputElement;
export const terms = () => screen.getByRole('checkbox', { name: 'I accept the terms and conditions' });
export const signUpButton = () => screen.getByRole('button', { name: /^(Sign up|Processing)$/ });
/** Open means in the page and not hidden from the reader (a closed Collapse may not even have mounted its list). */
export const openChecklist = () => {
  const list = screen.queryByTestId('password-requirements');
  return list?.parentElement?.getAttribute('aria-hidden') === 'false' ? list : null;
};

export function renderPage(ctx: Pick<Ctx, 'mounts'>): TestRouter {
  // biome-ignore lint/correctness/noComponentHookFactories: the stand-in counts its mounts into this path's context
  function StandInCaptcha({ onSolve, onExpire }: CaptchaProps) {
    useEffect(() => {
      ctx.mounts += 1;
    }, []);
    return (
      <>
        <button type="button" onClick={() => onSolve(CAPTCHA_TOKEN)}>
          Solve captcha
        </button>
        <button type="button" onClick={onExpire}>
          Expire captcha
        </button>
      </>
    );
  }
  return renderRoutes(
    [{ path: '/pages/signup', element: <SignupPage Captcha={StandInCaptcha} /> }, landing('/pages/login')],
    URL_IN,
  ).router;
}

/** What a failure shows, and where focus goes. */
export function expected(text: string | null, label?: string): Ctx['expected'] {
  return text === null ? null : { text, field: failureField[label ?? text] ?? null };
}

export async function expectForm(ctx: Ctx, event: ModelEvent) {
  await waitFor(() => expect(ctx.mounts).toBe(ctx.rounds + 1));
  for (const name of Object.keys(fieldLabels) as SignupField[]) expect(field(name)).toHaveValue(ctx.typed[name]);
  expect(field('email')).not.toHaveAttribute('readonly');
  if (ctx.terms) expect(terms()).toBeChecked();
  else expect(terms()).not.toBeChecked();
  expect(await screen.findByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', TERMS_URL);
  expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', LOGIN_LINK);
  // The page never leaves its address: signed up, it says so in place.
  expect(urlOf(ctx.router)).toBe(URL_IN);
  // Decision 0009: the form starts on its first field, and a failure takes focus to its field or its message.
  if (event.type === 'xstate.init') await expectFirstFieldFocused(field('email'));
  if (!ctx.expected) expectNoAlert();
  else {
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ctx.expected.text);
    if (event.type === 'form.submit' || event.type === 'xstate.error.actor.submitSignup')
      await expectErrorFocus(alert, ctx.expected.field ? field(ctx.expected.field) : null);
  }
}

export async function expectSignedUp(ctx: Ctx) {
  expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
  expect(screen.getAllByRole('status')[0]).toHaveTextContent(ctx.message!);
  expect(screen.queryByLabelText('Email')).toBeNull();
  expect(screen.getByRole('link', { name: 'Sign In Instead' })).toHaveAttribute('href', LOGIN_LINK);
  expect(urlOf(ctx.router)).toBe(URL_IN);
}
