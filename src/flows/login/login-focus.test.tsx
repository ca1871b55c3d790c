import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrorBody } from '#shared-domain/error-body.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { clearSessionClaims, renderRoutes } from '#tests/support/render.tsx';
import { LoginPage } from './login-page.tsx';

const server = setupMswServer();

function open() {
  server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
  clearSessionClaims();
  renderRoutes([{ path: '/pages/login', element: <LoginPage /> }], '/pages/login');
}

function refuseCredentials() {
  server.use(http.post('/api/login', () => HttpResponse.json(apiErrorBody('InvalidEmailOrPassword'), { status: 401 })));
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

describe('login form focus, keyboard only', () => {
  it('focuses the email field when the form appears', async () => {
    open();
    await waitFor(() => expect(email()).toHaveFocus());
  });

  it('reaches the show/hide password button by Tab and toggles it with Space', async () => {
    open();
    const user = userEvent.setup();
    await waitFor(() => expect(email()).toHaveFocus());
    await user.tab();
    expect(password()).toHaveFocus();
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show or hide password' });
    expect(toggle).toHaveFocus();
    expect(password()).toHaveAttribute('type', 'password');
    await user.keyboard(' ');
    expect(password()).toHaveAttribute('type', 'text');
    await user.tab({ shift: true });
    expect(password()).toHaveFocus();
  });

  it('moves focus to the field in error, marked invalid and described by the message', async () => {
    refuseCredentials();
    open();
    const user = userEvent.setup();
    await waitFor(() => expect(email()).toHaveFocus());
    await user.keyboard('ann@example.com');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your password');
    await waitFor(() => expect(password()).toHaveFocus());
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription('Please enter your password');
    expect(email()).not.toHaveAttribute('aria-invalid');
    // The next failure is about no field: the marking goes, focus follows the new message.
    await user.keyboard('Secret12345{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(password()).not.toHaveAttribute('aria-describedby');
  });

  it('moves focus to the error message when the error is about no single field', async () => {
    refuseCredentials();
    open();
    const user = userEvent.setup();
    await waitFor(() => expect(email()).toHaveFocus());
    await user.keyboard('ann@example.com');
    await user.tab();
    await user.keyboard('Secret12345{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveAttribute('tabindex', '-1');
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(password()).not.toHaveAttribute('aria-invalid');
  });
});
