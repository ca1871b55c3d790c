#!/usr/bin/env node
// Reads one forwarded alert: checks the portal's signature, decrypts it, then checks the replay window. Node.js 18 or
// later, no dependencies.
//
//   node alert-forwarding-decrypt.mjs <alert.json> <your-private-key.pem> <aes-key-hex> <portal-public-key.pem>
//        [--seen-ids <file>] [--max-age-seconds <n>]
//
// alert.json             the body your webhook received (or the example shown when you set up alert forwarding)
// your-private-key.pem   the private half of the RSA public key you gave the portal
// aes-key-hex            the AES key the portal showed you (64 hexadecimal characters)
// portal-public-key.pem  the portal public key it showed you beside it
// --seen-ids <file>      alert ids accepted before, one a line: an alert whose id is there is refused as a replay,
//                        and an accepted alert's id is added (the file is created when missing)
// --max-age-seconds <n>  the replay window: alerts issued longer ago are refused. Default: 300 (5 minutes)
//
// Prints the alert's JSON. Exits with status 1, printing nothing on stdout, when the signature does not verify, the
// alert does not decrypt, or it falls outside the replay window: such a request did not come from the portal, was
// changed on the way, or is an old alert sent again; drop it.
//
// The scheme (version 4), for other languages. Every binary field is standard base64.
//   1. signature: RSASSA-PSS, SHA-256, MGF1 SHA-256, salt length 32, by the portal's key, over the UTF-8 text
//      "v4.<encrypted_seed>.<iv>.<ciphertext>.<tag>" (the base64 fields as received, joined by dots).
//   2. seed = RSA-OAEP (SHA-256, MGF1 SHA-256) decryption of encrypted_seed with your private key: 32 bytes.
//   3. content key = HKDF-SHA256(key material = the AES key's 32 bytes, salt = seed, info = "portal alert v4"), 32 bytes.
//   4. alert = AES-256-GCM decryption of ciphertext with the content key, the 12-byte iv and the 16-byte tag
//      (no additional data): UTF-8 JSON.
//   5. replay window: refuse the alert when its issued_at is more than 5 minutes ago or more than 1 minute ahead of
//      your clock, or when you accepted its alert_id before.
// Version 3 (the legacy feed, sent while the account has a company id) differs in two places: the envelope carries
// company_id in clear, signed as "v3.<company_id>.<encrypted_seed>.<iv>.<ciphertext>.<tag>", and the HKDF info is
// "portal alert v3".
import { constants, createDecipheriv, createPrivateKey, createPublicKey, hkdfSync, privateDecrypt, verify } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const REPLAY_WINDOW_SECONDS = 300;
export const CLOCK_SKEW_SECONDS = 60;

/** Why an alert was refused: `reason` is forged, malformed, too_old, from_the_future or replayed. */
export class AlertRejected extends Error {
  constructor(reason, message) {
    super(message);
    this.name = 'AlertRejected';
    this.reason = reason;
  }
}

/**
 * Checks, decrypts and returns one alert. `options.seen`, when given, is a set of the alert ids you accepted (a Set,
 * or your own store with has and add): an id already there is refused as `replayed`, an accepted one is added.
 */
export function decryptAlert(envelope, { privateKeyPem, aesKeyHex, portalPublicKeyPem }, options = {}) {
  const { now = Date.now(), maxAgeSeconds = REPLAY_WINDOW_SECONDS, seen } = options;
  const version = envelope.version;
  if (version !== 4 && version !== 3) throw new AlertRejected('malformed', `unsupported alert version ${version}`);
  const fields = `${envelope.encrypted_seed}.${envelope.iv}.${envelope.ciphertext}.${envelope.tag}`;
  const signed = version === 4 ? `v4.${fields}` : `v3.${envelope.company_id}.${fields}`;
  const genuine = verify(
    'sha256',
    Buffer.from(signed, 'utf8'),
    { key: createPublicKey(portalPublicKeyPem), padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
    Buffer.from(String(envelope.signature), 'base64'),
  );
  if (!genuine) throw new AlertRejected('forged', 'the signature does not verify: not an alert from the portal');
  const seed = privateDecrypt(
    { key: createPrivateKey(privateKeyPem), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(envelope.encrypted_seed, 'base64'),
  );
  const aesKey = Buffer.from(aesKeyHex.trim(), 'hex');
  if (aesKey.length !== 32) throw new Error('the AES key must be 64 hexadecimal characters');
  const contentKey = Buffer.from(hkdfSync('sha256', aesKey, seed, `portal alert v${version}`, 32));
  const decipher = createDecipheriv('aes-256-gcm', contentKey, Buffer.from(envelope.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
  const plaintext = Buffer.concat([decipher.update(Buffer.from(envelope.ciphertext, 'base64')), decipher.final()]);
  const alert = JSON.parse(plaintext.toString('utf8'));

  // The alert's id and the time it was sealed are inside the signed ciphertext: they are the portal's word.
  if (alert.version !== version || (version === 3 && alert.company_id !== envelope.company_id)) {
    throw new AlertRejected('malformed', 'the envelope and the alert inside it disagree');
  }
  const issuedAt = Date.parse(alert.issued_at);
  if (typeof alert.alert_id !== 'string' || Number.isNaN(issuedAt)) {
    throw new AlertRejected('malformed', 'the alert has no alert_id or issued_at');
  }
  if (now - issuedAt > maxAgeSeconds * 1000) {
    throw new AlertRejected('too_old', `issued ${Math.round((now - issuedAt) / 1000)} s ago, outside the replay window`);
  }
  if (issuedAt - now > CLOCK_SKEW_SECONDS * 1000) {
    throw new AlertRejected('from_the_future', 'issued ahead of this clock by more than the allowed skew');
  }
  if (seen?.has(alert.alert_id)) throw new AlertRejected('replayed', `alert ${alert.alert_id} was accepted before`);
  seen?.add(alert.alert_id);
  return alert;
}

/** The --seen-ids file as a set: ids one a line, an accepted id appended. */
function seenIdsFile(path) {
  const ids = new Set(existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : []);
  return {
    has: (id) => ids.has(id),
    add: (id) => {
      ids.add(id);
      appendFileSync(path, `${id}\n`);
    },
  };
}

// Run as a program; imported as a module, it only lends decryptAlert to your own code.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const flags = {};
  const positional = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--seen-ids' || args[i] === '--max-age-seconds') flags[args[i]] = args[++i];
    else positional.push(args[i]);
  }
  const [alertFile, privateKeyFile, aesKeyHex, portalPublicKeyFile] = positional;
  const maxAge = flags['--max-age-seconds'] === undefined ? REPLAY_WINDOW_SECONDS : Number(flags['--max-age-seconds']);
  if (!alertFile || !privateKeyFile || !aesKeyHex || !portalPublicKeyFile || !(maxAge >= 0)) {
    console.error(
      'usage: node alert-forwarding-decrypt.mjs <alert.json> <your-private-key.pem> <aes-key-hex> <portal-public-key.pem> ' +
        '[--seen-ids <file>] [--max-age-seconds <n>]',
    );
    process.exit(2);
  }
  try {
    const alert = decryptAlert(
      JSON.parse(readFileSync(alertFile, 'utf8')),
      {
        privateKeyPem: readFileSync(privateKeyFile, 'utf8'),
        aesKeyHex,
        portalPublicKeyPem: readFileSync(portalPublicKeyFile, 'utf8'),
      },
      { maxAgeSeconds: maxAge, seen: flags['--seen-ids'] ? seenIdsFile(flags['--seen-ids']) : undefined },
    );
    console.log(JSON.stringify(alert, null, 2));
  } catch (err) {
    const reason = err instanceof AlertRejected ? ` (${err.reason})` : '';
    console.error(`rejected${reason}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
