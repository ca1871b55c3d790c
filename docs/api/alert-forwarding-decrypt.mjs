#!/usr/bin/env node
// Reads one forwarded alert: checks the portal's signature, then decrypts it. Node.js 18 or later, no dependencies.
//
//   node alert-forwarding-decrypt.mjs <alert.json> <your-private-key.pem> <aes-key-hex> <portal-public-key.pem>
//
// alert.json             the body your webhook received (or the example shown when you set up alert forwarding)
// your-private-key.pem   the private half of the RSA public key you gave the portal
// aes-key-hex            the AES key the portal showed you (64 hexadecimal characters)
// portal-public-key.pem  the portal public key it showed you beside it
//
// Prints the alert's JSON. Exits with status 1, printing nothing on stdout, when the signature does not verify or
// the alert does not decrypt: such a request did not come from the portal, or was changed on the way; drop it.
//
// The scheme (version 4), for other languages. Every binary field is standard base64.
//   1. signature: RSASSA-PSS, SHA-256, MGF1 SHA-256, salt length 32, by the portal's key, over the UTF-8 text
//      "v4.<encrypted_seed>.<iv>.<ciphertext>.<tag>" (the base64 fields as received, joined by dots).
//   2. seed = RSA-OAEP (SHA-256, MGF1 SHA-256) decryption of encrypted_seed with your private key: 32 bytes.
//   3. content key = HKDF-SHA256(key material = the AES key's 32 bytes, salt = seed, info = "portal alert v4"), 32 bytes.
//   4. alert = AES-256-GCM decryption of ciphertext with the content key, the 12-byte iv and the 16-byte tag
//      (no additional data): UTF-8 JSON.
import { constants, createDecipheriv, createPrivateKey, createPublicKey, hkdfSync, privateDecrypt, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export function decryptAlert(envelope, { privateKeyPem, aesKeyHex, portalPublicKeyPem }) {
  if (envelope.version !== 4) throw new Error(`unsupported alert version ${envelope.version}`);
  const signed = `v4.${envelope.encrypted_seed}.${envelope.iv}.${envelope.ciphertext}.${envelope.tag}`;
  const genuine = verify(
    'sha256',
    Buffer.from(signed, 'utf8'),
    { key: createPublicKey(portalPublicKeyPem), padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
    Buffer.from(envelope.signature, 'base64'),
  );
  if (!genuine) throw new Error('the signature does not verify: not an alert from the portal');
  const seed = privateDecrypt(
    { key: createPrivateKey(privateKeyPem), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(envelope.encrypted_seed, 'base64'),
  );
  const aesKey = Buffer.from(aesKeyHex.trim(), 'hex');
  if (aesKey.length !== 32) throw new Error('the AES key must be 64 hexadecimal characters');
  const contentKey = Buffer.from(hkdfSync('sha256', aesKey, seed, 'portal alert v4', 32));
  const decipher = createDecipheriv('aes-256-gcm', contentKey, Buffer.from(envelope.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
  const plaintext = Buffer.concat([decipher.update(Buffer.from(envelope.ciphertext, 'base64')), decipher.final()]);
  return JSON.parse(plaintext.toString('utf8'));
}

// Run as a program; imported as a module, it only lends decryptAlert to your own code.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [alertFile, privateKeyFile, aesKeyHex, portalPublicKeyFile] = process.argv.slice(2);
  if (!alertFile || !privateKeyFile || !aesKeyHex || !portalPublicKeyFile) {
    console.error('usage: node alert-forwarding-decrypt.mjs <alert.json> <your-private-key.pem> <aes-key-hex> <portal-public-key.pem>');
    process.exit(2);
  }
  try {
    const alert = decryptAlert(JSON.parse(readFileSync(alertFile, 'utf8')), {
      privateKeyPem: readFileSync(privateKeyFile, 'utf8'),
      aesKeyHex,
      portalPublicKeyPem: readFileSync(portalPublicKeyFile, 'utf8'),
    });
    console.log(JSON.stringify(alert, null, 2));
  } catch (err) {
    console.error(`rejected: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
