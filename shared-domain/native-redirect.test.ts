import { describe, expect, it } from 'vitest';
import {
  isLoopbackRedirectUri,
  isPrivateUseSchemeUri,
  nativeRedirect,
  redirectUriMatches,
  registeredRedirectUri,
} from './native-redirect.ts';

describe('redirectUriMatches', () => {
  it.each([
    ['http://127.0.0.1/cb', 'http://127.0.0.1:53122/cb'],
    ['http://127.0.0.1/cb', 'http://127.0.0.1/cb'],
    ['http://127.0.0.1:8080/cb', 'http://127.0.0.1:1/cb'],
    ['http://127.0.0.1:8080/cb?x=1', 'http://127.0.0.1:65535/cb?x=1'],
    ['http://[::1]/cb', 'http://[::1]:4000/cb'],
    ['http://[::1]:4000/cb', 'http://[::1]/cb'],
    ['com.example.app:/cb', 'com.example.app:/cb'],
    ['https://client.example/cb', 'https://client.example/cb'],
  ])('%s takes %s', (registered, requested) => {
    expect(redirectUriMatches(registered, requested)).toBe(true);
  });

  it.each([
    // Only the port of a loopback IP literal is free; everything else stays an exact string match.
    ['http://127.0.0.1/cb', 'http://127.0.0.1:5000/cb/'],
    ['http://127.0.0.1/cb', 'http://127.0.0.1:5000/other'],
    ['http://127.0.0.1/cb', 'http://127.0.0.1:99999/cb'],
    ['http://127.0.0.1/cb', 'http://127.0.0.1:/cb'],
    ['http://127.0.0.1/cb', 'http://127.0.0.2:5000/cb'],
    ['http://127.0.0.1/cb', 'https://127.0.0.1:5000/cb'],
    ['https://127.0.0.1/cb', 'https://127.0.0.1:5000/cb'],
    ['http://127.0.0.1/cb', 'http://[::1]:5000/cb'],
    ['http://localhost/cb', 'http://localhost:5000/cb'],
    ['http://localhost:5000/cb', 'http://localhost:5001/cb'],
    ['http://127.0.0.1/cb', 'http://127.0.0.1:5000@evil.example/cb'],
    ['http://127.0.0.1/cb', 'http://127.0.0.1.evil.example:5000/cb'],
    ['https://client.example/cb', 'https://client.example:443/cb'],
    ['com.example.app:/cb', 'com.example.app:/cb/'],
    ['com.example.app:/cb', 'COM.example.app:/cb'],
  ])('%s refuses %s', (registered, requested) => {
    expect(redirectUriMatches(registered, requested)).toBe(false);
  });

  it('finds the registered URI a request names', () => {
    const registered = ['https://client.example/cb', 'http://127.0.0.1/cb'];
    expect(registeredRedirectUri(registered, 'http://127.0.0.1:4321/cb')).toBe(true);
    expect(registeredRedirectUri(registered, 'https://client.example/cb')).toBe(true);
    expect(registeredRedirectUri(registered, 'https://client.example:8443/cb')).toBe(false);
  });
});

describe('isPrivateUseSchemeUri', () => {
  it.each([
    'com.example.app:/cb',
    'com.example.app:/oauth2redirect/example-provider',
    'com.example.app://cb',
    'io.my-app.x1:/cb?x=1',
  ])('accepts %s', (uri) => expect(isPrivateUseSchemeUri(uri)).toBe(true));
  it.each([
    'javascript:/alert(1)',
    'javascript:alert(1)',
    'data:/text/html,x',
    'file:///etc/passwd',
    'http://client.example/cb',
    'myapp:/cb',
    'com.example.app:cb',
    'com.example.app:',
    'com..example:/cb',
    '.com.example:/cb',
    'com.example.:/cb',
    'com.-example:/cb',
    'com.example.app:/cb#frag',
    'com.example.app:/c b',
    'com.example.app://user:pw@host/cb',
    'com.example.app://user@host/cb',
    'com.example.app://:pw@host/cb',
    // Reverse-domain in form, yet no URL at all: a port out of range.
    'com.example.app://host:99999/cb',
    'Com.Example.App:/cb',
  ])('refuses %s', (uri) => expect(isPrivateUseSchemeUri(uri)).toBe(false));
});

describe('nativeRedirect', () => {
  it('says what kind of native app a URI belongs to, and where the answer goes', () => {
    expect(nativeRedirect('http://127.0.0.1:5000/cb')).toEqual({ kind: 'loopback', target: '127.0.0.1:5000' });
    expect(nativeRedirect('http://[::1]/cb')).toEqual({ kind: 'loopback', target: '[::1]' });
    expect(nativeRedirect('com.example.app:/cb')).toEqual({ kind: 'privateUse', target: 'com.example.app' });
    expect(nativeRedirect('http://localhost:5000/cb')).toBeNull();
    expect(nativeRedirect('https://127.0.0.1/cb')).toBeNull();
    expect(nativeRedirect('https://client.example/cb')).toBeNull();
  });
});

describe('isLoopbackRedirectUri', () => {
  it.each([
    ['http://127.0.0.1/cb', true],
    ['http://127.0.0.1:5000', true],
    ['http://[::1]:5000?x=1', true],
    ['http://127.0.0.1:65535/cb', true],
    ['http://127.0.0.1:65536/cb', false],
    ['http://127.0.0.1:5000x/cb', false],
    ['x-http://127.0.0.1:5000/cb', false],
    ['http://localhost:5000/cb', false],
    ['http://127.0.0.1/c b', false],
  ])('%s: %s', (uri, loopback) => {
    expect(isLoopbackRedirectUri(uri)).toBe(loopback);
    expect(nativeRedirect(uri)?.kind ?? null).toBe(loopback ? 'loopback' : null);
  });
});
