import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Like persistedSecret, for a signing key: an EC P-256 private key (PKCS#8 PEM) generated once and kept next to the
 * data, so tokens signed before a restart still verify after it. Several instances set the variable instead.
 */
export function persistedPrivateKey(dataDir: string, fileName: string): string {
  const file = join(dataDir, fileName);
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    // 'wx': two processes booting at once must end up with the same key, so the loser re-reads the winner's.
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8');
  }
  chmodSync(file, 0o600);
  return pem;
}
