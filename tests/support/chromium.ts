import { existsSync } from 'node:fs';

/**
 * Debian's Chromium and the flags every tool here launches it with (browser tests, the Lighthouse bench): never a
 * downloaded build, and nothing in the browser reaches for the network on its own.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** The Chromium path, or an error that says how to install it. */
export function requireChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install Debian's package with \`apt-get install chromium\``);
  }
  return CHROMIUM_PATH;
}
