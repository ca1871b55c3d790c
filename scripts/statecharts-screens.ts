/**
 * Which state of a flow each shot of the screenshot gallery shows (scripts/screenshots.ts, which photographs the
 * pages and dialogs of tests/support/overflow-pages.ts). A shot is named as the gallery names it: the page, then the
 * dialog and its step. scripts/statecharts.test.ts checks both sides: every state here is one of the machine's, and
 * every shot one the gallery takes, so a diagram never links to a picture nobody makes.
 */
export const statechartScreens: Record<string, Record<string, string[]>> = {
  login: { editing: ['login'] },
  recover: { idle: ['recover'] },
  // The overflow pages open these with links that do not work: the states that say so.
  'password-reset': { invalid: ['password-reset'] },
  'signup-verify': { invalid: ['signup-verify'] },
  'signup-resend': { asking: ['signup-resend'] },
  'leave-session': { idle: ['access-denied', 'error'] },
  signup: { editing: ['signup'] },
  'signup-invited': { editing: ['signup-invited'] },
  consent: { asking: ['consent'] },
  'authorized-apps': { ready: ['authorized-apps'], confirming: ['authorized-apps remove'] },
  'device-sessions': {
    'list.idle': ['device-sessions'],
    'list.confirmRevoke': ['device-sessions revoke'],
    'list.confirmRevokeAll': ['device-sessions revoke all'],
  },
  credentials: {
    'list.idle': ['credentials'],
    'list.confirmDelete': ['credentials delete'],
    'list.showInfo': ['credentials oauth information'],
    'list.confirmChange': ['credentials change secret'],
    'list.creating': ['credentials create grant choosing'],
  },
  'create-grant': {
    choosing: ['credentials create grant choosing'],
    editing: ['credentials create grant form'],
    'details.uncopied': ['credentials create grant created'],
    'details.confirmDiscard': ['credentials create grant close uncopied'],
  },
  'alert-forwarding': {
    'configured.idle': ['alert-forwarding'],
    'configured.editing': ['alert-forwarding edit webhook', 'alert-forwarding edit key'],
    'configured.confirmRenew': ['alert-forwarding acquire new keys confirm'],
    'configured.showKeys.uncopied': ['alert-forwarding acquire new keys keys'],
    'configured.showKeys.confirmDiscard': ['alert-forwarding acquire new keys close uncopied'],
    'configured.confirmClear': ['alert-forwarding clear data'],
    'configured.confirmStopV3': ['alert-forwarding stop v3 alerts'],
    'notConfigured.idle': ['alert-forwarding-setup'],
    'notConfigured.settingUp': ['alert-forwarding-setup set up'],
    'notConfigured.showError': ['alert-forwarding-error'],
  },
  'session-check': { signedIn: ['main', 'main navigation drawer'] },
};
