/** Every route string of the SPA (design.md §3); nothing else spells a path. */
export const paths = {
  root: '/',
  callback: '/pages/cb',
  login: '/pages/login',
  logout: '/pages/logout',
  main: '/pages/main',
  recover: '/pages/recover',
  consent: '/pages/consent',
  alexaTogether: '/pages/alexatogether',
  passwordReset: '/pages/password/reset',
  accessDenied: '/pages/access-denied',
  error: '/pages/error',
  credentials: '/pages/credentials',
  alertForwardingConfig: '/pages/alert-forwarding-config',
  authorizedApps: '/pages/authorized-apps',
  deviceSessions: '/pages/device-sessions',
  statecharts: '/pages/statecharts',
  signup: '/pages/signup',
  signupVerify: '/pages/signup/verify',
  signupInvited: '/pages/signup/invited',
  signupResend: '/pages/signup/resend',
} as const;

export function withQuery(path: string, query: Record<string, string | null | undefined> | URLSearchParams): string {
  const params = query instanceof URLSearchParams ? new URLSearchParams(query) : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) if (value != null) params.set(key, value);
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
