import { existsSync } from 'node:fs';

/** Reads ./.env when present (as .env.example suggests); variables already set in the environment win. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
