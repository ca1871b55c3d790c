/**
 * An authenticated read, GET /api/deviceSessions with a session cookie (session checked against its row, the list
 * read from the database), against a bare Fastify route answering a constant JSON object: what the portal's stack
 * and its queries cost on top of the framework itself. Each server in its own process, in alternating rounds.
 *
 * The same portal's GET /healthz, with the same cookie, goes through every hook an API answer has (request id,
 * security headers, cookies, the child logger, the answer's contract) and reads nothing. Its ratio to the bare route
 * is about the most any route of the portal can reach on the machine the bench runs on; printed beside the read's,
 * it tells how much of the gap is the session and the queries and how much the stack every answer pays for
 * (decision 0020).
 */
import { startChild } from './child-process.ts';
import { type Comparison, compare } from './load-rounds.ts';
import type { PortalInfo } from './portal-process.ts';

export interface ReadsComparison {
  read: Comparison;
  /** GET /healthz against the same bare route. */
  stack: Comparison;
}

export async function measureReadsThroughput(options: Parameters<typeof compare>[2] = {}): Promise<ReadsComparison> {
  const [portal, hello] = await Promise.all([
    startChild<PortalInfo>('./portal-process.ts', {}, 'portal'),
    startChild<{ url: string }>('./baselines/fastify-hello.ts', {}, 'fastify-hello'),
  ]);
  const bare = { name: 'bare Fastify GET /hello', url: new URL('/hello', hello.info.url).href };
  try {
    const read = await compare(
      {
        name: 'portal GET /api/deviceSessions',
        url: new URL('/api/deviceSessions', portal.info.url).href,
        headers: { cookie: portal.info.cookie },
      },
      bare,
      options,
    );
    const stack = await compare(
      // The same request headers as the read's, so the difference is the session, the queries and the answer.
      {
        name: 'portal GET /healthz',
        url: new URL('/healthz', portal.info.url).href,
        headers: { cookie: portal.info.cookie },
      },
      bare,
      options,
    );
    return { read, stack };
  } finally {
    await Promise.all([portal.stop(), hello.stop()]);
  }
}
