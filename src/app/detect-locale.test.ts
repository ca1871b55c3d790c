import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLocale } from './detect-locale.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'language=; max-age=0; path=/';
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
});

/** A browser whose own language the spec's table does not know, so the later sources can be seen. */
const unknownBrowserLanguage = () => vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');

describe('the language the portal picks (product.md §2.4 order)', () => {
  it('takes the query parameter over everything else, mapped through the spec table', () => {
    window.history.replaceState(null, '', '/pages/login?language=ja');
    localStorage.setItem('language', 'fi-fi');
    expect(detectLocale()).toBe('ja-jp');
  });

  it('then the stored choice, then the browser language', () => {
    localStorage.setItem('language', 'zh-hk');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fi');
    expect(detectLocale()).toBe('zh-hk');
    localStorage.clear();
    expect(detectLocale()).toBe('fi-fi');
  });

  it('then the cookie, session storage and the page language', () => {
    unknownBrowserLanguage();
    document.cookie = 'language=zh-CN; path=/';
    sessionStorage.setItem('language', 'ja-jp');
    expect(detectLocale()).toBe('zh-cn');
    document.cookie = 'language=; max-age=0; path=/';
    expect(detectLocale()).toBe('ja-jp');
    sessionStorage.clear();
    document.documentElement.setAttribute('lang', 'fi-FI');
    expect(detectLocale()).toBe('fi-fi');
  });

  it('then the second path segment, skipping values the table does not know', () => {
    unknownBrowserLanguage();
    localStorage.setItem('language', 'klingon');
    window.history.replaceState(null, '', '/pages/zh-tw');
    expect(detectLocale()).toBe('zh-hk');
  });

  it('falls back to English, also when storage throws', () => {
    unknownBrowserLanguage();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(detectLocale()).toBe('en-us');
  });
});
