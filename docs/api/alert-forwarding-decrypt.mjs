#!/usr/bin/env node
// Reads forwarded alerts: checks the portal's signature, decrypts, then checks the replay window. Node.js 18 or later,
// no dependencies. One saved alert, or every alert POSTed to it as a tiny webhook receiver:
//
//   node alert-forwarding-decrypt.mjs <alert.json> <your-private-key.pem> <aes-key-hex> <portal-public-key.pem>
//        [--seen-ids <file>] [--max-age-seconds <n>]
//   node alert-forwarding-decrypt.mjs --listen [<host>:]<port> <your-private-key.pem> <aes-key-hex>
//        <portal-public-key.pem> [--seen-ids <file>] [--max-age-seconds <n>]
//
// alert.json             the body your webhook received (or the example shown when you set up alert forwarding)
// your-private-key.pem   the private half of the RSA public key you gave the portal
// aes-key-hex            the AES key the portal showed you (64 hexadecimal characters)
// portal-public-key.pem  the portal public key it showed you beside it
// --seen-ids <file>      alert ids accepted before, one a line: an alert whose id is there is refused as a replay,
//                        and an accepted alert's id is added (the file is created when missing)
// --max-age-seconds <n>  the replay window: alerts issued longer ago are refused. Default: 300 (5 minutes)
// --listen               receive alerts over HTTP on this port (of 127.0.0.1 unless a host is given; 0 picks a free
//                        port), e.g. behind the https reverse proxy or tunnel your webhook address points to
//
// One alert: prints the alert's JSON. Exits with status 1, printing nothing on stdout, when the signature does not
// verify, the alert does not decrypt, or it falls outside the replay window: such a request did not come from the
// portal, was changed on the way, or is an old alert sent again; drop it.
//
// As a receiver it prints each alert it accepts as one line of JSON on stdout and a line for every other request on
// stderr, and answers every POST (any path) as docs/api/alert-forwarding.md asks of a webhook:
//   200  a new alert, verified and inside the window;
//   200  an alert whose id it accepted before, in a new envelope: the portal sent it again (your answer was lost, a
//        redelivery, or its version 3 twin); not printed again, since it must not be acted on twice;
//   403  forged: the signature does not verify with the portal's key;
//   409  replayed: this very envelope came before. The portal seals every attempt afresh, so it never sends one
//        twice: a copy is someone replaying a captured request;
//   400  too_old, from_the_future or malformed;
//   500  the signature verifies but your private key or AES key does not open the alert: the portal retries, so it
//        still arrives once the receiver has the keys of the current setup.
// The ids it accepted are kept in memory, and in the --seen-ids file when given, so they outlive a restart.
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
import { createServer } from 'node:http';
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

/** The HTTP answer to each refusal (see the top of this file); anything else is the receiver's own trouble. */
const STATUS_OF = { forged: 403, malformed: 400, too_old: 400, from_the_future: 400, replayed: 409 };
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A node:http request handler that receives alerts as a webhook: each verified new alert goes to `onAlert`, and every
 * request is answered as the top of this file says. `options` are decryptAlert's, and `log(line)` hears the rest.
 */
export function alertReceiver(keys, { onAlert, log = () => {}, seen = new Set(), maxAgeSeconds, now = Date.now } = {}) {
  // The signatures of envelopes answered 2xx, until the replay window has passed for them (any older copy is too old).
  const answered = new Map();
  const reply = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  return (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return reply(res, 413, { rejected: 'malformed', message: 'the body is too large' });
      const at = now();
      for (const [signature, until] of answered) if (until < at) answered.delete(signature);
      let envelope;
      try {
        envelope = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        envelope = null;
      }
      if (envelope === null || typeof envelope !== 'object') {
        log('rejected (malformed): the body is not a JSON object');
        return reply(res, 400, { rejected: 'malformed', message: 'the body is not a JSON object' });
      }
      const window = (maxAgeSeconds ?? REPLAY_WINDOW_SECONDS) + CLOCK_SKEW_SECONDS;
      try {
        const alert = decryptAlert(envelope, keys, { now: at, maxAgeSeconds, seen });
        answered.set(envelope.signature, at + window * 1000);
        onAlert?.(alert);
        reply(res, 200, { accepted: alert.alert_id });
      } catch (err) {
        if (!(err instanceof AlertRejected)) {
          log(`cannot open a signed alert (${err instanceof Error ? err.message : String(err)}): check the keys`);
          return reply(res, 500, { error: 'the receiver cannot open this alert with its keys' });
        }
        if (err.reason === 'replayed' && !answered.has(envelope.signature)) {
          answered.set(envelope.signature, at + window * 1000);
          log(`duplicate: ${err.message}; answered 200 and not acted on again`);
          return reply(res, 200, { duplicate: true });
        }
        const message = err.reason === 'replayed' ? 'this very envelope was received before' : err.message;
        log(`rejected (${err.reason}): ${message}`);
        reply(res, STATUS_OF[err.reason] ?? 400, { rejected: err.reason, message });
      }
    });
  };
}

// Run as a program; imported as a module, it only lends decryptAlert and alertReceiver to your own code.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const flags = {};
  const positional = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--seen-ids' || args[i] === '--max-age-seconds' || args[i] === '--listen') {
      flags[args[i]] = args[++i];
    } else positional.push(args[i]);
  }
  const listen = flags['--listen'] === undefined ? null : /^(?:\[?([^\]]*?)\]?:)?(\d{1,5})$/.exec(flags['--listen']);
  const [alertFile, privateKeyFile, aesKeyHex, portalPublicKeyFile] = listen ? [null, ...positional] : positional;
  const maxAge = flags['--max-age-seconds'] === undefined ? REPLAY_WINDOW_SECONDS : Number(flags['--max-age-seconds']);
  if (
    (listen ? positional.length !== 3 : !alertFile || positional.length !== 4) ||
    (flags['--listen'] !== undefined && !listen) ||
    !privateKeyFile ||
    !aesKeyHex ||
    !portalPublicKeyFile ||
    !(maxAge >= 0)
  ) {
    console.error(
      'usage: node alert-forwarding-decrypt.mjs <alert.json> <your-private-key.pem> <aes-key-hex> <portal-public-key.pem> ' +
        '[--seen-ids <file>] [--max-age-seconds <n>]\n' +
        '       node alert-forwarding-decrypt.mjs --listen [<host>:]<port> <your-private-key.pem> <aes-key-hex> ' +
        '<portal-public-key.pem> [--seen-ids <file>] [--max-age-seconds <n>]',
    );
    process.exit(2);
  }
  const keys = {
    privateKeyPem: readFileSync(privateKeyFile, 'utf8'),
    aesKeyHex,
    portalPublicKeyPem: readFileSync(portalPublicKeyFile, 'utf8'),
  };
  const seen = flags['--seen-ids'] ? seenIdsFile(flags['--seen-ids']) : undefined;
  if (listen) {
    if (!/^[0-9a-fA-F]{64}$/.test(aesKeyHex.trim())) {
      console.error('the AES key must be 64 hexadecimal characters');
      process.exit(2);
    }
    const [, host = '127.0.0.1', port] = listen;
    const server = createServer(
      alertReceiver(keys, {
        seen: seen ?? new Set(),
        maxAgeSeconds: maxAge,
        onAlert: (alert) => console.log(JSON.stringify(alert)),
        log: (line) => console.error(line),
      }),
    );
    server.listen(Number(port), host, () => {
      const address = server.address();
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      console.error(`listening on http://${shown}:${address.port}/`);
    });
  } else {
    try {
      const alert = decryptAlert(JSON.parse(readFileSync(alertFile, 'utf8')), keys, { maxAgeSeconds: maxAge, seen });
      console.log(JSON.stringify(alert, null, 2));
    } catch (err) {
      const reason = err instanceof AlertRejected ? ` (${err.reason})` : '';
      console.error(`rejected${reason}: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
  }
}
