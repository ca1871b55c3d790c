import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Region } from '#shared-domain/account.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { SignupVerifyActivated } from './signup-verify-activated.tsx';

describe('activated account', () => {
  it('shows a region it has no name for literally, markup included, without a console error', async () => {
    const region = '<script>alert(1)</script> & <b>Co</b>';
    const consoleError = vi.spyOn(console, 'error');
    const { container } = renderRoutes(
      [{ path: '/', element: <SignupVerifyActivated region={region as Region} /> }],
      '/',
    );
    expect(await screen.findByTestId('region')).toHaveTextContent(`Region: ${region}`, { normalizeWhitespace: false });
    expect(container.querySelector('script, b')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
