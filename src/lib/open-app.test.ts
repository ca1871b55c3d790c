import { describe, expect, it } from 'vitest';
import { isAndroidChrome, openAppHref } from './open-app.ts';

const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.80',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.153 Mobile/15E148 Safari/604.1',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('isAndroidChrome', () => {
  it.each([
    ['androidChrome', true],
    ['androidWebView', false],
    ['samsung', false],
    ['edgeAndroid', false],
    ['firefoxAndroid', false],
    ['iphoneChrome', false],
    ['desktopChrome', false],
  ] as const)('%s → %s', (name, expected) => expect(isAndroidChrome(UA[name])).toBe(expected));
});

describe('openAppHref', () => {
  const webApp = 'https://app.example.com/home?from=reset';

  it('is the web app address off Android Chrome', () => {
    expect(openAppHref(webApp, UA.desktopChrome)).toBe(webApp);
    expect(openAppHref(webApp, UA.iphoneChrome, 'com.acme.care')).toBe(webApp);
  });

  it('is an app intent with the address as browser fallback on Android Chrome', () => {
    expect(openAppHref(webApp, UA.androidChrome, 'com.acme.care')).toBe(
      'intent://app.example.com/home?from=reset#Intent;scheme=https;package=com.acme.care;' +
        'S.browser_fallback_url=https%3A%2F%2Fapp.example.com%2Fhome%3Ffrom%3Dreset;end',
    );
  });

  it('falls back to the placeholder package when config names none or an odd one', () => {
    const expected =
      'intent://app.example.com/#Intent;scheme=https;package=com.example.monitoring;' +
      'S.browser_fallback_url=https%3A%2F%2Fapp.example.com%2F;end';
    expect(openAppHref('https://app.example.com', UA.androidChrome)).toBe(expected);
    expect(openAppHref('https://app.example.com', UA.androidChrome, 'x;end;S.evil=1')).toBe(expected);
  });

  it.each([[''], [null], ['not a url'], ['javascript:alert(1)'], ['ftp://app.example.com']])(
    'has no target for %j',
    (value) => {
      expect(openAppHref(value, UA.androidChrome)).toBeNull();
      expect(openAppHref(value, UA.desktopChrome)).toBeNull();
    },
  );
});
