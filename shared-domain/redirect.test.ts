import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, isServerTarget, safeReturnTo } from './redirect.ts';

const FALLBACK = '/fallback';

describe('safeReturnTo: where return_to and login_url may send a browser', () => {
  it.each([
    ['/', '/'],
    ['/pages/main', '/pages/main'],
    ['/pages/consent?scope=user:read&application_name=A', '/pages/consent?scope=user:read&application_name=A'],
    ['/pages/login?return_to=%2Fpages%2Fcredentials', '/pages/login?return_to=%2Fpages%2Fcredentials'],
    ['/pages/signup/verify?verification_token=t', '/pages/signup/verify?verification_token=t'],
    ['/pages/credentials#top', '/pages/credentials#top'],
    // The router matches without regard to case or a trailing slash; the answer is the page's own spelling.
    ['/PAGES/Main', '/pages/main'],
    ['/pages/main/?tab=1', '/pages/main?tab=1'],
    ['/pages/%6Dain', '/pages/main'],
    // The OAuth continuation the server itself sends to the login page.
    [
      '/api/oauth/authorize?client_id=x&response_type=code#frag',
      '/api/oauth/authorize?client_id=x&response_type=code#frag',
    ],
    ['/api/oauth/authorize', '/api/oauth/authorize'],
    // The longest target taken.
    [`/pages/main?${'a'.repeat(2048 - 12)}`, `/pages/main?${'a'.repeat(2048 - 12)}`],
  ])('keeps the page %s', (input, expected) => expect(safeReturnTo(input, FALLBACK)).toBe(expected));

  it.each([
    // API endpoints: a GET that logs out, raw JSON, anything but the authorize continuation.
    ['/api/logout'],
    ['/api/logout?error=access_denied'],
    ['/api/config'],
    ['/api/consent?scope=user:read'],
    ['/api/oauth/token'],
    ['/API/OAUTH/AUTHORIZE?client_id=x'],
    ['/api/oauth/authorize/'],
    // Dot segments resolve before the check, encoded or not.
    ['/pages/../api/logout'],
    ['/pages/%2e%2e/api/logout'],
    ['/pages/%2E%2E/api/config'],
    ['/pages/.%2e/api/logout'],
    ['/api/oauth/authorize/../../logout'],
    ['/pages/main/../../api/config'],
    // An encoded slash is part of a segment, never a separator.
    ['/pages%2f..%2fapi%2flogout'],
    ['/pages%2fmain'],
    ['/pages/main%2f..%2f..%2fapi%2fconfig'],
    // Undecodable percent-encoding.
    ['/pages/%E0%A4%A'],
    // Pages the router does not know, and pages whose mere opening has an effect of its own.
    ['/pages/unknown-route'],
    ['/pages'],
    ['/pages/main/extra'],
    ['/pages/logout'],
    ['/pages/logout?login_url=%2Fpages%2Flogin'],
    ['/PAGES/LOGOUT/'],
    ['/pages/cb?code=x&state=y'],
    ['/assets/index.js'],
    ['/healthz'],
    // Elsewhere, or not a path at all.
    ['https://elsewhere.example'],
    ['//elsewhere.example/pages/main'],
    ['//portal.invalid/pages/main'],
    ['/\\elsewhere.example'],
    ['/%5celsewhere.example'],
    ['\\\\elsewhere.example'],
    ['javascript:alert(1)'],
    ['pages/main'],
    [' /pages/main'],
    ['/pages/ma\tin'],
    ['/pages/\nmain'],
    ['/pages/main\r\nSet-Cookie: x=1'],
    ['/pages/main\u0000'],
    [`/pages/main?${'a'.repeat(2048)}`],
    [''],
    [undefined],
    [null],
    [42],
    [['/pages/main']],
  ])('refuses %j', (input) => expect(safeReturnTo(input, FALLBACK)).toBe(FALLBACK));

  it('answers the given fallback, null included', () => {
    expect(safeReturnTo('/api/logout', null)).toBeNull();
    expect(safeReturnTo('/api/logout', DEFAULT_AFTER_LOGIN)).toBe('/pages/main');
  });
});

describe('isServerTarget: the targets the SPA hands to the server instead of its router', () => {
  it.each([
    ['/api/oauth/authorize', true],
    ['/api/oauth/authorize?client_id=x', true],
    ['/api/oauth/authorize#x', true],
    ['/api/oauth/authorized', false],
    ['/pages/main?next=/api/oauth/authorize?', false],
    ['/pages/main#/api/oauth/authorize#', false],
  ])('%s: %s', (target, server) => expect(isServerTarget(target)).toBe(server));
});
