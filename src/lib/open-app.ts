/**
 * The Android app's package comes from the deployment (ANDROID_APP_PACKAGE, announced by GET /api/config as
 * androidAppPackage, product.md §2.2). This placeholder stands while none is configured; with an unknown package Chrome
 * simply takes the browser fallback, so the button still works.
 */
export const DEFAULT_ANDROID_PACKAGE = 'com.example.monitoring';

const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

/** Chrome on Android, not one of the browsers that also say "Chrome/" (WebView, Edge, Opera, Samsung, Yandex, UC). */
export function isAndroidChrome(userAgent: string): boolean {
  return (
    /\bAndroid\b/.test(userAgent) &&
    /\bChrome\/\d/.test(userAgent) &&
    !/; wv\)|\bEdgA\/|\bOPR\/|\bSamsungBrowser\/|\bYaBrowser\/|\bUCBrowser\/|\bFirefox\//.test(userAgent)
  );
}

/**
 * Where Open app leads after a password change: the web app's address, or on Android Chrome an intent that opens the
 * app for the same address and falls back to it in the browser. Null when no usable address is configured.
 */
export function openAppHref(
  webAppUrl: string | null | undefined,
  userAgent: string,
  androidPackage?: string | null,
): string | null {
  let url: URL;
  try {
    url = new URL(webAppUrl ?? '');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!isAndroidChrome(userAgent)) return url.href;
  const pkg = androidPackage && PACKAGE_NAME.test(androidPackage) ? androidPackage : DEFAULT_ANDROID_PACKAGE;
  // The intent's own parameters live in the fragment, so the web address's fragment cannot ride along.
  const target = `${url.host}${url.pathname}${url.search}`;
  const scheme = url.protocol.slice(0, -1);
  return `intent://${target}#Intent;scheme=${scheme};package=${pkg};S.browser_fallback_url=${encodeURIComponent(url.href)};end`;
}
