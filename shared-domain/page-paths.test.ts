import { describe, expect, it } from 'vitest';
import { PAGES_PREFIX, pageOf, pagePaths } from './page-paths.ts';

describe('pageOf: the page the router renders for a pathname', () => {
  it.each([
    ['/', '/'],
    ['/pages/main', '/pages/main'],
    ['/pages/main/', '/pages/main'],
    ['/PAGES/Signup/Verify', '/pages/signup/verify'],
    ['/pages/%73ignup', '/pages/signup'],
  ])('%s is %s', (pathname, page) => expect(pageOf(pathname)).toBe(page));

  it.each([
    '/pages/unknown',
    '',
    // An encoded slash stays inside its segment: it neither separates segments nor vanishes.
    '/pages/signup%2Fverify',
    '/pages/sign%2Fup',
    '/pages%2Fmain',
    '/pages/%E0%A4%A',
  ])('%j is no page', (pathname) => expect(pageOf(pathname)).toBeNull());
});

describe('PAGES_PREFIX (product.md §2.4)', () => {
  it('begins every page but the root', () => {
    for (const path of Object.values(pagePaths)) {
      if (path !== pagePaths.root) expect(path.startsWith(PAGES_PREFIX), path).toBe(true);
    }
    expect(PAGES_PREFIX).toBe('/pages/');
  });
});
