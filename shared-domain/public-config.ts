/**
 * The public settings the SPA needs at run time (GET /api/config, and inlined by the server into every page it
 * sends), so that one build serves every region and deployment.
 */
export interface PublicConfig {
  providerSiteUrl: string;
  webAppUrl: string;
  faqUrl: string;
  apiDocsUrl: string;
  /** The store badges' targets; absent from older servers: the stores' home pages. */
  iosAppUrl?: string;
  androidAppUrl?: string;
  cnCompanyName: string;
  cnFilingNumbers: string;
  /** The Android app's package, for the password page's Open app intent link; absent until the server configures it. */
  androidAppPackage?: string | null;
  /** Login with Amazon starts here; both are null when the server has no Amazon client configured. */
  amazonAuthorizeUrl?: string | null;
  amazonClientId?: string | null;
  /** Whether the internal statechart gallery is served (STATECHARTS_GALLERY); absent from older servers: off. */
  statechartsGallery?: boolean;
  /** The provider's terms and conditions that the signup checkbox links to; null when none is configured. */
  termsUrl?: string | null;
  /** The signup captcha; ALTCHA (self-hosted) when absent. */
  captcha?: Partial<CaptchaConfig> | null;
}

export interface CaptchaConfig {
  provider: 'altcha' | 'recaptcha' | 'turnstile';
  siteKey: string | null;
}
