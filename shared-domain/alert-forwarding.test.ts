/**
 * product.md §5's alert-forwarding rules as the page applies them before the server: the webhook is an https address on
 * a public host, the key a single PEM PUBLIC KEY block of a 2048-bit key's length. Each refused range is shown with its
 * first and last address and a public neighbour, so that a bound moved by one fails here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isPlausibleRsaPublicKey,
  isSameRsaPublicKey,
  isValidWebhookUrl,
  RSA_KEYGEN_COMMANDS,
  rsaPublicKeyProblem,
  webhookProblem,
} from './alert-forwarding.ts';

const hook = (host: string) => `https://${host}/alerts`;

describe('webhook: an https address without credentials or fragment (product.md §5)', () => {
  it.each([
    ['https://hooks.example.com/alerts', true],
    ['  https://hooks.example.com/alerts\n', true],
    ['https://hooks.example.com:8443/alerts?team=night', true],
    ['', false],
    ['   ', false],
    ['hooks.example.com/alerts', false],
    ['http://hooks.example.com/alerts', false],
    ['ftp://hooks.example.com/alerts', false],
    ['https://ann@hooks.example.com/alerts', false],
    ['https://:secret@hooks.example.com/alerts', false],
    ['https://ann:secret@hooks.example.com/alerts', false],
    ['https://hooks.example.com/alerts#night', false],
    ['https://hooks.example.com/night alerts', false],
    ['https://hooks.example.com/alerts\u0000', false],
    ['https://hooks.example.com/al\u0007erts', false],
  ])('%j: %s', (url, valid) => {
    expect(isValidWebhookUrl(url)).toBe(valid);
    expect(webhookProblem(url)).toBe(valid ? null : 'InvalidForwardAlertWebhook');
  });
});

describe('webhook host: a public name (product.md §5: no single-label or .local name)', () => {
  it.each([
    ['hooks.example.com', true],
    ['hooks.example.com.', true],
    ['HOOKS.Example.COM', true],
    // A public name that happens to begin like a private one, or to spell an address, is still a name: where it
    // points is the sender's check, at connect time.
    ['internal-alerts.example.com', true],
    ['localhost.example.com', true],
    ['10.0.0.1.example.com', true],
    ['intranet', false],
    ['intranet.', false],
    ['localhost', false],
    ['LOCALHOST', false],
    ['printer.local', false],
    ['PRINTER.LOCAL', false],
    ['printer.local.', false],
    ['alerts.internal', false],
    ['box.localdomain', false],
    ['home.arpa', false],
    ['nas.home.arpa', false],
    ['app.localhost', false],
  ])('%s: %s', (host, valid) => expect(isValidWebhookUrl(hook(host))).toBe(valid));
});

describe('webhook host: a public IPv4 address (product.md §5: no loopback, private or link-local address)', () => {
  it.each([
    // Public, including neighbours of every refused range and second bytes that a refused range names.
    '1.0.0.1',
    '8.8.8.8',
    '1.16.0.1',
    '1.18.0.1',
    '1.100.0.1',
    '1.168.0.1',
    '1.254.0.1',
    '9.255.255.255',
    '11.0.0.1',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.1',
    '169.253.0.1',
    '169.255.0.1',
    '172.15.255.255',
    '172.32.0.0',
    '192.1.0.1',
    '192.167.0.1',
    '192.169.0.1',
    '198.17.0.1',
    '198.20.0.1',
    '223.255.255.255',
  ])('takes %s', (ip) => expect(isValidWebhookUrl(hook(ip))).toBe(true));

  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '127.0.0.1',
    '127.255.0.1',
    '100.64.0.0',
    '100.127.255.255',
    '169.254.169.254',
    '172.16.0.0',
    '172.16.10.100',
    '172.31.255.255',
    '192.0.0.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.255',
    '224.0.0.1',
    '255.255.255.255',
    // URL turns other spellings of an address into dotted decimal first.
    '0x7f.1',
    '2130706433',
    '0300.0250.0.1',
  ])('refuses %s', (ip) => expect(isValidWebhookUrl(hook(ip))).toBe(false));
});

describe('webhook host: a public IPv6 address', () => {
  it.each(['[2606:4700::1111]', '[2001:db8::1]', '[::2]', '[fbff::1]', '[fe00::1]', '[fe7f::1]'])('takes %s', (ip) =>
    expect(isValidWebhookUrl(hook(ip))).toBe(true),
  );

  it.each([
    '[::]',
    '[::1]',
    '[::ffff:10.0.0.1]',
    '[::ffff:8.8.8.8]',
    '[64:ff9b::808:808]',
    '[fc00::1]',
    '[fdff::1]',
    '[fe80::1]',
    '[febf::1]',
    '[fec0::1]',
    '[feff::1]',
    '[ff02::1]',
    '[FF0E::1]',
  ])('refuses %s', (ip) => expect(isValidWebhookUrl(hook(ip))).toBe(false));
});

/** A PEM block with the given labels and a body of `length` characters between the dashes, line breaks included. */
const pem = (length: number, begin = 'BEGIN PUBLIC KEY', end = 'END PUBLIC KEY') =>
  `-----${begin}-----\n${'A'.repeat(length - 2)}\n-----${end}-----`;

describe('RSA key helper (product.md §5): one PUBLIC KEY block, its body longer than 350 and shorter than 420', () => {
  it.each([
    [350, false],
    [351, true],
    [419, true],
    [420, false],
  ])('a body of %i characters: %s', (length, plausible) => {
    expect(isPlausibleRsaPublicKey(pem(length))).toBe(plausible);
    expect(rsaPublicKeyProblem(pem(length))).toBe(plausible ? null : 'InvalidRsaPublicKey');
  });

  it('reads past the spaces and line breaks a paste brings around the block', () => {
    expect(isPlausibleRsaPublicKey(`\n  ${pem(400)}  \n`)).toBe(true);
  });

  it.each([
    ['a PKCS#1 block', pem(400, 'BEGIN RSA PUBLIC KEY', 'END RSA PUBLIC KEY')],
    ['a private key', pem(400, 'BEGIN PRIVATE KEY', 'END PRIVATE KEY')],
    ['a block begun as another kind', pem(400, 'BEGIN RSA PUBLIC KEY')],
    ['a block ended as another kind', pem(400, 'BEGIN PUBLIC KEY', 'END RSA PUBLIC KEY')],
    ['two blocks', `${pem(400)}\n${pem(400)}`],
    ['a body alone', 'A'.repeat(400)],
  ])('refuses %s', (_label, value) => expect(isPlausibleRsaPublicKey(value)).toBe(false));
});

describe('the same key (product.md §5: an edit is saved only if different, line breaks aside)', () => {
  it('takes a reflowed key for the same one and another key for another', () => {
    const key = pem(400);
    expect(isSameRsaPublicKey(key, key.replace(/\n/g, '\r\n  '))).toBe(true);
    expect(isSameRsaPublicKey(key, pem(401))).toBe(false);
    expect(isSameRsaPublicKey(key, key.replace('AAAA', 'AAAB'))).toBe(false);
  });
});

// The set-up dialog tells the customer to run these: what they write must be a key the page then accepts.
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasOpenssl)('the openssl commands the set-up dialog shows', () => {
  it('write a public key the key helper takes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'alert-keys-'));
    try {
      execFileSync('sh', ['-c', RSA_KEYGEN_COMMANDS], { cwd: dir, stdio: 'ignore' });
      const publicKey = readFileSync(join(dir, 'alert-public-key.pem'), 'utf8');
      expect(isPlausibleRsaPublicKey(publicKey)).toBe(true);
      expect(readFileSync(join(dir, 'alert-private-key.pem'), 'utf8')).toContain('BEGIN PRIVATE KEY');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
