import { describe, expect, it } from 'vitest';
import { redactUrl } from '#server/lib/log-url.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/signup/verify?verification_token=abc', '/api/signup/verify?verification_token=[redacted]'],
    ['/api/password/change?reset_token=abc&x=1', '/api/password/change?reset_token=[redacted]&x=1'],
    ['/api/signup/invite?invitation_token=a%20b', '/api/signup/invite?invitation_token=[redacted]'],
    ['/pages/cb?state=s&code=c&code_verifier=v', '/pages/cb?state=s&code=[redacted]&code_verifier=[redacted]'],
    ['/api/password/recover?email=a%40b.c&language=en-us', '/api/password/recover?email=a%40b.c&language=en-us'],
    ['/api/config', '/api/config'],
    ['/x?token', '/x?token'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
