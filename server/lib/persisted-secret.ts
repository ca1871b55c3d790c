import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A single-instance install needs no setup, yet secrets must survive restarts: keep a generated one next to the
 * data. Multi-instance deployments set the variable instead, so every instance shares the value.
 */
export function persistedSecret(dataDir: string, fileName: string): string {
  const file = join(dataDir, fileName);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': two processes booting at once must end up with the same secret, so the loser re-reads the winner's.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8').trim();
  }
  chmodSync(file, 0o600);
  return secret;
}
