import { describe, expect, it } from 'vitest';
import { consentUrl, errorPageUrl } from './authorization-urls.ts';
import { resendStepOf } from './resend-verification.ts';

describe('resendStepOf: where the resend under a state stands', () => {
  it('reads the child of the parent state, and nothing elsewhere', () => {
    expect(resendStepOf({ signedUp: 'resent' }, 'signedUp')).toBe('resent');
    expect(resendStepOf({ invalid: 'resendFailed' }, 'invalid')).toBe('resendFailed');
    expect(resendStepOf({ invalid: 'idle' }, 'signedUp')).toBeNull();
    expect(resendStepOf({ signedUp: { nested: 'x' } }, 'signedUp')).toBeNull();
    expect(resendStepOf('editing', 'signedUp')).toBeNull();
    expect(resendStepOf(null, 'signedUp')).toBeNull();
    expect(resendStepOf(undefined, 'signedUp')).toBeNull();
  });
});

describe('authorization URLs', () => {
  it('sends an empty consent query as no query at all', () => {
    expect(consentUrl('')).toBe('/api/consent');
    expect(consentUrl('handle=h')).toBe('/api/consent?handle=h');
  });

  it('leaves out of the error page what is missing, and keeps what is empty', () => {
    expect(errorPageUrl(null)).toBe('/pages/error?');
    expect(errorPageUrl('', null)).toBe('/pages/error?error_description=');
  });
});
