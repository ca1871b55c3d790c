import { describe, expect, it } from 'vitest';
import {
  countByGrantType,
  foreignRedirectUris,
  isValidRedirectUri,
  nativeRedirectUris,
  validateRedirectUris,
} from './credentials.ts';

const limits = { redirect_uris_per_grant: 2, redirect_uri_length: 30 };

describe('validateRedirectUris', () => {
  it('asks nothing of a client_credentials grant', () => {
    expect(validateRedirectUris('client_credentials', 'not a url\nnor this', limits)).toBeNull();
  });

  it('checks in the server order: present, how many, how long, then each shape', () => {
    expect(validateRedirectUris('authorization_code', ' \n ', limits)).toBe('MissingRedirectUris');
    expect(validateRedirectUris('authorization_code', 'https://a.example\nhttps://b.example', limits)).toBeNull();
    // Three lines, one of them malformed: the count is what the server refuses first.
    expect(validateRedirectUris('authorization_code', 'https://a.example\nbad\nhttps://c.example', limits)).toBe(
      'TooManyRedirectUris',
    );
    const exactly = `https://a.example/${'x'.repeat(30 - 18)}`;
    expect(exactly).toHaveLength(30);
    expect(validateRedirectUris('authorization_code', exactly, limits)).toBeNull();
    expect(validateRedirectUris('authorization_code', `${exactly}y`, limits)).toBe('RedirectUriTooLong');
    expect(validateRedirectUris('authorization_code', 'https://a.example#frag', limits)).toBe('InvalidRedirectUri');
  });

  it('refuses the list for any one URI too long or malformed among good ones', () => {
    const long = `https://a.example/${'x'.repeat(20)}`;
    expect(validateRedirectUris('authorization_code', `https://b.example\n${long}`, limits)).toBe('RedirectUriTooLong');
    expect(validateRedirectUris('authorization_code', 'https://b.example\nb.example', limits)).toBe(
      'InvalidRedirectUri',
    );
  });
});

describe('isValidRedirectUri (RFC 6749 §3.1.2, RFC 8252 §7.1)', () => {
  it.each([
    ['https://app.example/cb', true],
    ['http://app.example:8080/cb?x=1', true],
    ['com.example.app:/cb', true],
    ['app.example/cb', false],
    ['ftp://app.example/cb', false],
    ['wss://app.example/cb', false],
    ['https://ann@app.example/cb', false],
    ['https://:secret@app.example/cb', false],
    ['https://app.example/cb#x', false],
    ['https://app.example/c b', false],
  ])('%s: %s', (uri, valid) => expect(isValidRedirectUri(uri)).toBe(valid));
});

describe('native app redirect URIs', () => {
  it('takes a reverse-domain private-use scheme and loopback literals, as the server does', () => {
    const wide = { redirect_uris_per_grant: 10, redirect_uri_length: 2048 };
    expect(
      validateRedirectUris(
        'authorization_code',
        'com.example.app:/cb\nhttp://127.0.0.1/cb\nhttp://[::1]:8080/cb',
        wide,
      ),
    ).toBeNull();
    for (const uri of [
      'myapp:/cb',
      'javascript:alert(1)',
      'data:/text/html,x',
      'file:///etc/passwd',
      'com.example.app:/cb#x',
    ]) {
      expect(validateRedirectUris('authorization_code', uri, wide), uri).toBe('InvalidRedirectUri');
    }
  });

  it('names native URIs apart from the URIWarning of foreign web addresses', () => {
    const text =
      'https://portal.example/cb\nhttps://partner.example/cb\ncom.example.app:/cb\nhttp://127.0.0.1:9000/cb\nhttp://localhost:9000/cb';
    expect(foreignRedirectUris(text, 'https://portal.example')).toEqual([
      'https://partner.example/cb',
      'http://localhost:9000/cb',
    ]);
    expect(nativeRedirectUris(text)).toEqual(['com.example.app:/cb', 'http://127.0.0.1:9000/cb']);
  });

  it("counts the portal's own origin, paths and queries under it, whatever slashes end the host", () => {
    const own = 'https://portal.example\nhttps://portal.example/cb\nhttps://portal.example?x=1';
    const text = `${own}\nhttps://portal.example.evil/cb`;
    for (const host of ['https://portal.example', 'https://portal.example/', 'https://portal.example//']) {
      expect(foreignRedirectUris(text, host), host).toEqual(['https://portal.example.evil/cb']);
    }
  });
});

describe('countByGrantType', () => {
  it('counts each grant type, zero when there is none', () => {
    expect(countByGrantType([])).toEqual({ client_credentials: 0, authorization_code: 0 });
    expect(
      countByGrantType([
        { grant_type: 'authorization_code' },
        { grant_type: 'authorization_code' },
        { grant_type: 'client_credentials' },
      ]),
    ).toEqual({
      client_credentials: 1,
      authorization_code: 2,
    });
  });
});
