/**
 * Alert forwarding (product.md §2, §3, §5): the wire shapes of the alert_forwarding_config API and the rules the page
 * applies before the server does. The server applies the same webhook rule and parses the key for real.
 */

// The wire shapes are the contract's (types only, so the SPA never loads zod).
export type {
  AlertEnvelope,
  AlertForwardingConfig,
  AlertForwardingEditPayload,
  AlertForwardingEditResult,
  AlertForwardingKeys,
  AlertForwardingSetupPayload,
} from './contracts/alert-forwarding.contract.ts';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * product.md §5: an https URL on a public host. The first specification allowed http; the portal refuses it because an
 * alert's envelope hides its content but not that a fall happened, and when (docs/decisions/0005). Hosts that can only
 * mean our own network (loopback, private and link-local addresses, single-label and .local names) are refused, so the
 * alert sender can never be pointed inward. A public name that resolves to a private address is the sender's check, at
 * connect time.
 */
export function isValidWebhookUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_WEBHOOK_URL_LENGTH || /[\s\p{Cc}#]/u.test(trimmed)) return false;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  return isPublicHost(url.hostname);
}

function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return isPublicIpv6(host.slice(1, -1));
  // Stryker disable next-line Regex: URL parsing refuses a host whose last label is a number unless it is an IPv4
  // address, so a host ending in four numbers is one from its start.
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  // URL has already turned every IPv4 spelling (hex, octal, a single number) into dotted decimal.
  if (ipv4) return isPublicIpv4(ipv4.slice(1).map(Number));
  if (!host.includes('.')) return false;
  return !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host);
}

function isPublicIpv4([a, b]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local, cloud metadata
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && (b === 168 || b === 0)) return false;
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  return true;
}

function isPublicIpv6(address: string): boolean {
  if (address === '::' || address === '::1') return false;
  // IPv4-mapped and -translated addresses would smuggle any of the IPv4 ranges above.
  if (address.startsWith('::ffff:') || address.startsWith('64:ff9b:')) return false;
  // Stryker disable next-line StringLiteral: parseInt('') is NaN, which every mask below reads as 0 as well.
  const first = Number.parseInt(address.split(':')[0] || '0', 16);
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return false; // link- and site-local
  return (first & 0xff00) !== 0xff00; // multicast
}

/**
 * product.md §5's key helper, a quick check before the server parses the key: a single PEM block labelled PUBLIC KEY
 * (SubjectPublicKeyInfo, what `openssl rsa -pubout` writes) whose body has the length of a 2048-bit RSA key.
 */
export function isPlausibleRsaPublicKey(value: string): boolean {
  // Stryker disable next-line MethodExpression: spaces around the block fall in the first and last parts, never read.
  const parts = value.trim().split('-----');
  if (parts.length !== 5 || parts[1] !== 'BEGIN PUBLIC KEY' || parts[3] !== 'END PUBLIC KEY') return false;
  return parts[2].length > 350 && parts[2].length < 420;
}

/**
 * The openssl commands the set-up dialog shows: the private key never leaves the customer's machine. One line joined
 * by &&, because the copy field shows it as flowing text, where a line break would read as a space.
 */
export const RSA_KEYGEN_COMMANDS =
  'openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out alert-private-key.pem && ' +
  'openssl pkey -in alert-private-key.pem -pubout -out alert-public-key.pem';

export type AlertForwardingFieldProblem = 'InvalidForwardAlertWebhook' | 'InvalidRsaPublicKey';

/** What is wrong with a webhook or key the page is about to send, checked in the spec's order (URL first). */
export function webhookProblem(url: string): AlertForwardingFieldProblem | null {
  return isValidWebhookUrl(url) ? null : 'InvalidForwardAlertWebhook';
}

export function rsaPublicKeyProblem(pem: string): AlertForwardingFieldProblem | null {
  return isPlausibleRsaPublicKey(pem) ? null : 'InvalidRsaPublicKey';
}

/** Line breaks and surrounding spaces do not make another key: an edit that only reflows the PEM changes nothing. */
export function isSameRsaPublicKey(a: string, b: string): boolean {
  // Stryker disable next-line Regex: removing every blank one at a time or in runs leaves the same text.
  return a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
}
