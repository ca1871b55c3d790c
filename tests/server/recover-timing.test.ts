import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVER_MIN_MS } from '#server/modules/password/password.service.ts';
import { createUser, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await createUser(server, { email: 'known@example.com' });
});
afterAll(() => server.close());

async function timed(email: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/password/recover?email=${encodeURIComponent(email)}&language=en-us`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe('recovery timing', () => {
  // Loose on purpose: it guards against an unknown email answering measurably faster (no writes, no floor), not
  // against scheduler noise. Interleaving spreads any drift in machine load over both kinds alike.
  it('does not tell a known email from an unknown one by response time', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 12; i++) {
      const a = await timed('known@example.com');
      const b = await timed(`unknown-${i}@example.com`);
      expect([a.status, b.status]).toEqual([200, 401]);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    expect(median(unknown)).toBeGreaterThanOrEqual(RECOVER_MIN_MS);
    expect(median(known)).toBeGreaterThanOrEqual(RECOVER_MIN_MS);
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.67);
    expect(ratio).toBeLessThan(1.5);
  });
});
