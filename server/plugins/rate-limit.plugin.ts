import { isIPv6 } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppError, appError } from '../errors.ts';
import { failoverStore } from '../lib/failover-rate-limit-store.ts';
import { globalPlugin } from '../lib/global-plugin.ts';

/**
 * Opt-in per route (`config.rateLimit`, or `limitBy` for several limits on one route). With Redis the counters live
 * there so every instance behind the load balancer counts the same client together; without it they are per process.
 * While Redis cannot be reached, every limit is counted in the instance's own memory (failover-rate-limit-store.ts):
 * none lets everything through and none refuses everyone (architecture.md §5, "Rate limits", says why per limit).
 */
export default globalPlugin('rate-limit', async (app) => {
  const log = app.log.child({ module: 'rate-limit' });
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { store: failoverStore(app.redis, `${app.config.redisKeyPrefix}rate-limit:`, log) } : {}),
    // The store already falls back to counting in memory; an error left over (none is expected) must not turn a
    // request away for a counter's sake, and account locking in the database still bounds password guessing.
    skipOnError: true,
    // Route limits (login's) count clients as byIp does.
    keyGenerator: byIp,
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
});

function rateLimited(ttlMs: number): AppError {
  return appError('RateLimited', {
    message: 'Too many requests, please try again later',
    data: { retry_after_seconds: Math.max(1, Math.ceil(ttlMs / 1000)) },
  });
}

export interface LimitOptions {
  /** Namespaces the counter, e.g. `signup:email`; two limits with the same name share one budget. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** What is counted; null skips the limit for this request (e.g. no email given: validation answers instead). */
  key: (request: FastifyRequest) => string | null;
}

/**
 * A preHandler enforcing one limit. The plugin's route option allows one limit per route, and its hook runs once per
 * request, so routes limited per IP AND per email chain two of these instead.
 */
export function limitBy(app: FastifyInstance, options: LimitOptions) {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindowMs,
    keyGenerator: (request) => `${options.name}:${options.key(request) ?? ''}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (options.key(request) === null) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw rateLimited(result.ttl);
  };
}

export const byIp = (request: FastifyRequest): string => clientOf(request.ip);

/**
 * Who a per-IP limit counts: an IPv4 address, or an IPv6 address's /64. One subscriber is given a whole /64 (often a
 * /56 or more), so counting each IPv6 address apart would give one client 2^64 budgets. An IPv4 address written as
 * IPv6 (`::ffff:10.0.0.5`, as a dual-stack listener sees IPv4 clients) is that IPv4 address.
 */
export function clientOf(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped, a trailing dotted IPv4 part as two groups). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16));
}

/** The email a request is about, from its query (GET) or JSON body; counted case- and space-insensitively. */
export function byEmail(request: FastifyRequest): string | null {
  const source = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | null;
  const email = source && typeof source === 'object' ? source.email : undefined;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null;
}
