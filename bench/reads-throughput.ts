/**
 * An authenticated read, GET /api/deviceSessions with a session cookie (session checked against its row, the list
 * read from the database), against a bare Fastify route answering a constant JSON object: what the portal's stack
 * and its queries cost on top of the framework itself. Each server in its own process, in alternating rounds.
 */
import { startChild } from './child-process.ts';
import { type Comparison, compare } from './load-rounds.ts';
import type { PortalInfo } from './portal-process.ts';

export async function measureReadsThroughput(options: Parameters<typeof compare>[2] = {}): Promise<Comparison> {
  const [portal, hello] = await Promise.all([
    startChild<PortalInfo>('./portal-process.ts', {}, 'portal'),
    startChild<{ url: string }>('./baselines/fastify-hello.ts', {}, 'fastify-hello'),
  ]);
  try {
    return await compare(
      {
        name: 'portal GET /api/deviceSessions',
        url: new URL('/api/deviceSessions', portal.info.url).href,
        headers: { cookie: portal.info.cookie },
      },
      { name: 'bare Fastify GET /hello', url: new URL('/hello', hello.info.url).href },
      options,
    );
  } finally {
    await Promise.all([portal.stop(), hello.stop()]);
  }
}
