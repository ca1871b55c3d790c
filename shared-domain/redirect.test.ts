import { describe, expect, it } from 'vitest';
import { safeRelativePath } from './redirect.ts';

describe('safeRelativePath', () => {
  it.each([
    ['/pages/main', '/pages/main'],
    ['/pages/consent?scope=user:read&application_name=A', '/pages/consent?scope=user:read&application_name=A'],
    ['/api/oauth/authorize?client_id=x#frag', '/api/oauth/authorize?client_id=x#frag'],
  ])('keeps the same-origin path %s', (input, expected) => expect(safeRelativePath(input, '/fallback')).toBe(expected));

  it.each([
    ['https://elsewhere.example'], ['//elsewhere.example/x'], ['/\\elsewhere.example'], ['javascript:alert(1)'],
    ['pages/main'], [''], [undefined], [42], ['/pages/\nmain'], ['/%0d%0aSet-Cookie:x'.replace('%0d%0a', '\r\n')],
  ])('refuses %j', (input) => expect(safeRelativePath(input, '/fallback')).toBe('/fallback'));
});
