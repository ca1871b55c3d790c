import { describe, expect, it } from 'vitest';
import { localeIndex, toLocale } from './locales.ts';

describe('toLocale', () => {
  it.each([
    ['en', 'en-us'],
    ['en-US', 'en-us'],
    ['en_CA', 'en-us'],
    ['en-au', 'en-us'],
    ['zh-CN', 'zh-cn'],
    ['ja', 'ja-jp'],
    ['ja-JP', 'ja-jp'],
    ['zh-HK', 'zh-hk'],
    ['zh-TW', 'zh-hk'],
    ['fi', 'fi-fi'],
    ['fi-FI', 'fi-fi'],
    ['2', 'ja-jp'],
    [4, 'fi-fi'],
  ])('maps %s to %s', (input, expected) => expect(toLocale(input)).toBe(expected));

  it.each([['de'], ['zh'], ['en-gb'], [''], [null], [7], ['5']])('has no entry for %s', (input) => {
    expect(toLocale(input)).toBeNull();
  });

  it('gives the spec index of each locale', () => {
    expect(localeIndex('en-us')).toBe(0);
    expect(localeIndex('fi-fi')).toBe(4);
  });
});
