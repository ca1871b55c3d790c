import type { Config } from '#server/config.ts';

/**
 * The public settings of this deployment: the body of GET /api/config, and the data block the server inlines into
 * every page it sends (so the first screen needs no request for them).
 */
export function publicConfigOf(config: Config) {
  return {
    ...config.site,
    termsUrl: config.termsUrl,
    androidAppPackage: config.androidAppPackage,
    captcha: { provider: config.captcha.provider, siteKey: config.captcha.siteKey },
  };
}
