import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '#tests/support/msw.ts';
import { renderRoutes } from '#tests/support/render.tsx';

// The real widget needs Web Crypto workers that jsdom lacks; the element it defines is all the page talks to.
vi.mock('altcha', () => ({}));

const server = setupMswServer();

/** A fresh module per test: the page loads GET /api/config once per page load, and each test is a new page load. */
async function renderCaptcha(data: unknown) {
  server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data })));
  const { SignupCaptcha } = await import('./signup-captcha.tsx');
  const onSolve = vi.fn();
  const onExpire = vi.fn();
  const utils = renderRoutes([{ path: '/', element: <SignupCaptcha onSolve={onSolve} onExpire={onExpire} /> }], '/');
  return { onSolve, onExpire, ...utils };
}

beforeEach(() => vi.resetModules());
afterEach(() => {
  delete window.grecaptcha;
  delete window.turnstile;
});

describe('signup captcha', () => {
  it.each([
    ['names no provider', {}],
    ['names altcha', { captcha: { provider: 'altcha', siteKey: null } }],
  ])(
    'is the ALTCHA widget when the config %s: its payload is the token, its expiry withdraws it',
    async (_label, data) => {
      const { onSolve, onExpire } = await renderCaptcha(data);
      const widget = await screen.findByTestId('altcha');
      expect(widget.tagName).toBe('ALTCHA-WIDGET');
      expect(widget).toHaveAttribute('challenge', '/api/captcha/challenge');
      expect(widget).toHaveAttribute('language', 'en');
      widget.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'pow-payload' } }));
      expect(onSolve).toHaveBeenCalledWith('pow-payload');
      widget.dispatchEvent(new CustomEvent('expired'));
      expect(onExpire).toHaveBeenCalledTimes(1);
    },
  );

  it('still offers ALTCHA when the config cannot be read', async () => {
    server.use(http.get('/api/config', () => HttpResponse.error()));
    const { SignupCaptcha } = await import('./signup-captcha.tsx');
    renderRoutes([{ path: '/', element: <SignupCaptcha onSolve={() => {}} onExpire={() => {}} /> }], '/');
    expect(await screen.findByTestId('altcha')).toHaveAttribute('challenge', '/api/captcha/challenge');
  });

  it('asks reCAPTCHA v3 for a token with the action signup', async () => {
    const execute = vi.fn(async () => 'recaptcha-token');
    // Already loaded (as by an earlier page): no script is added again.
    window.grecaptcha = { ready: (callback) => callback(), execute };
    const { onSolve } = await renderCaptcha({ captcha: { provider: 'recaptcha', siteKey: 'site-key-1' } });
    await waitFor(() => expect(onSolve).toHaveBeenCalledWith('recaptcha-token'));
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'signup' });
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
  });

  it('renders Turnstile with the action signup, reports its token and expiry, and removes it when unmounted', async () => {
    let options: Record<string, unknown> = {};
    const remove = vi.fn();
    window.turnstile = {
      render: (_container, given) => {
        options = given;
        return 'widget-1';
      },
      remove,
    };
    const { onSolve, onExpire, unmount } = await renderCaptcha({
      captcha: { provider: 'turnstile', siteKey: 'site-key-2' },
    });
    await waitFor(() => expect(options).toMatchObject({ sitekey: 'site-key-2', action: 'signup' }));
    (options.callback as (token: string) => void)('turnstile-token');
    expect(onSolve).toHaveBeenCalledWith('turnstile-token');
    (options['expired-callback'] as () => void)();
    expect(onExpire).toHaveBeenCalledTimes(1);
    unmount();
    expect(remove).toHaveBeenCalledWith('widget-1');
  });

  it('loads the provider script only when one is configured', async () => {
    await renderCaptcha({ captcha: { provider: 'turnstile', siteKey: 'site-key-3' } });
    await waitFor(() =>
      expect(document.querySelector('script[src^="https://challenges.cloudflare.com/turnstile/"]')).not.toBeNull(),
    );
  });
});
