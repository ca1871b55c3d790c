import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LANGUAGE_CHOICE_COOKIE, LANGUAGE_KEY, localeIndex, toLocale } from './locales.ts';

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
    [' zh_tw\n', 'zh-hk'],
    ['2', 'ja-jp'],
    [4, 'fi-fi'],
  ])('maps %s to %s', (input, expected) => expect(toLocale(input)).toBe(expected));

  // An index is one of the spec's five digits alone; a repeated query parameter arrives as an array.
  // Names every object inherits are no locale either: a `language` of "constructor" once reached Object's own.
  it.each([
    ['de'],
    ['zh'],
    ['en-gb'],
    [''],
    [null],
    [7],
    ['5'],
    ['02'],
    ['2.0'],
    [' 2'],
    [['2']],
    ['constructor'],
    ['__proto__'],
    ['toString'],
    ['hasOwnProperty'],
  ])('has no entry for %j', (input) => {
    expect(toLocale(input)).toBeNull();
  });

  it('gives the spec index of each locale', () => {
    expect(localeIndex('en-us')).toBe(0);
    expect(localeIndex('fi-fi')).toBe(4);
  });
});

describe('the names the wire carries', () => {
  it('are those of product.md §2.4 and §9 and architecture.md §1.1', () => {
    expect({ DEFAULT_LOCALE, LANGUAGE_KEY, LANGUAGE_CHOICE_COOKIE }).toEqual({
      DEFAULT_LOCALE: 'en-us',
      LANGUAGE_KEY: 'language',
      LANGUAGE_CHOICE_COOKIE: 'language_choice',
    });
  });
});
