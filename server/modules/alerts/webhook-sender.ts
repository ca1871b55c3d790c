import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AttemptFailure } from '#shared-domain/alert-delivery.ts';
import { isLoopbackAddress, refusedAddress } from './address-policy.ts';

/**
 * What the webhook answered, or why it did not (`unsealable` is the worker's own: the configuration's keys cannot be
 * opened, so nothing was sent; retried like a network failure, since new keys mend it). Latency is wall
 * time from the start of the call to its end.
 */
export type WebhookResult =
  | { answered: true; status: number; retryAfterMs: number | null; excerpt: string; latencyMs: number }
  | { answered: false; failure: WebhookFailure | 'unsealable'; error: string; latencyMs: number };

/** `refused_address` and `bad_url` cannot get better by retrying; the others may (docs/api/alert-forwarding.md). */
export type WebhookFailure = Extract<
  AttemptFailure,
  'timeout' | 'dns' | 'connection' | 'tls' | 'refused_address' | 'bad_url'
>;

export interface WebhookCall {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export type WebhookSender = (call: WebhookCall, signal?: AbortSignal) => Promise<WebhookResult>;

/** A name's addresses, as the system resolver gives them; tests give their own. */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface WebhookSenderOptions {
  /** The whole call: resolving, connecting, TLS, the answer's head and as much body as is read. */
  timeoutMs: number;
  allowLoopback: boolean;
  resolve?: Resolve;
}

/** The most of an answer's body read (then the connection is closed): its start is kept for the delivery log. */
export const MAX_RESPONSE_BYTES = 4096;
const EXCERPT_CHARS = 200;

class RefusedAddressError extends Error {}

/**
 * Posts one sealed alert (docs/architecture.md §5.1 "Outbound calls"). The connection goes to an address checked by
 * address-policy.ts: the host name is resolved inside the connection, by a `lookup` that refuses the name when any of
 * its addresses is refused, so the address checked is the address connected to, at every delivery (no time-of-check
 * gap for DNS rebinding). TLS still names the host (SNI, certificate check) and Host is the URL's. Redirects are not
 * followed (node:http never does); a fresh connection per call, no pooled socket from an earlier resolution.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const resolve = options.resolve ?? systemResolve;
  return async (call, outerSignal) => {
    const started = performance.now();
    const latencyMs = () => Math.round(performance.now() - started);
    const failed = (failure: WebhookFailure, error: string): WebhookResult => ({
      answered: false,
      failure,
      error: clean(error),
      latencyMs: latencyMs(),
    });

    let url: URL;
    try {
      url = new URL(call.url);
    } catch {
      return failed('bad_url', 'the webhook is not a URL');
    }
    const plainHttp = url.protocol === 'http:';
    if (url.protocol !== 'https:' && !(plainHttp && options.allowLoopback)) {
      return failed('bad_url', 'the webhook is not an https URL');
    }
    if (url.username !== '' || url.password !== '') return failed('bad_url', 'the webhook carries credentials');
    const check = (address: string): string | null =>
      plainHttp && !isLoopbackAddress(address)
        ? `${address}: plain http is only for loopback test receivers`
        : refusedAddress(address, options);

    // An IP literal is connected to without any lookup, so it is checked here.
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) !== 0) {
      const why = check(literal);
      if (why) return failed('refused_address', why);
    }

    const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
      resolve(hostname).then(
        (addresses) => {
          const why = addresses.map((a) => check(a.address)).find((reason) => reason !== null);
          if (why) return callback(new RefusedAddressError(why), '', 0);
          const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
          const usable = family === 0 ? addresses : addresses.filter((a) => a.family === family);
          if (usable.length === 0) {
            const none = Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
            return callback(none, '', 0);
          }
          if (lookupOptions.all) return (callback as AllCallback)(null, usable);
          return callback(null, usable[0].address, usable[0].family);
        },
        (err: NodeJS.ErrnoException) => callback(err, '', 0),
      );
    };

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    const abortFromOutside = () => controller.abort();
    outerSignal?.addEventListener('abort', abortFromOutside, { once: true });
    try {
      const answer = await post(url, call, { lookup, signal: controller.signal, plainHttp });
      return { answered: true, ...answer, latencyMs: latencyMs() };
    } catch (err) {
      if (err instanceof RefusedAddressError) return failed('refused_address', err.message);
      if (controller.signal.aborted) {
        return outerSignal?.aborted
          ? failed('connection', 'interrupted: the portal instance stopped')
          : failed('timeout', `no answer within ${options.timeoutMs} ms`);
      }
      const e = err as NodeJS.ErrnoException;
      return failed(failureOf(e), `${e.code ? `${e.code}: ` : ''}${e.message}`);
    } finally {
      clearTimeout(timer);
      outerSignal?.removeEventListener('abort', abortFromOutside);
    }
  };
}

type AllCallback = (err: NodeJS.ErrnoException | null, addresses: Array<{ address: string; family: number }>) => void;

function post(
  url: URL,
  call: WebhookCall,
  how: { lookup: LookupFunction; signal: AbortSignal; plainHttp: boolean },
): Promise<{ status: number; retryAfterMs: number | null; excerpt: string }> {
  return new Promise((resolve, reject) => {
    const options: RequestOptions = {
      method: 'POST',
      headers: { ...call.headers, 'content-length': String(Buffer.byteLength(call.body)) },
      lookup: how.lookup,
      signal: how.signal,
      agent: false,
    };
    const request = (how.plainHttp ? httpRequest : httpsRequest)(url, options, (response) => {
      readHead(response, how.signal).then(resolve, reject);
    });
    request.on('error', reject);
    request.end(call.body);
  });
}

/** The status, Retry-After and the start of the body: at most MAX_RESPONSE_BYTES are read, then the socket goes. */
function readHead(
  response: IncomingMessage,
  signal: AbortSignal,
): Promise<{ status: number; retryAfterMs: number | null; excerpt: string }> {
  const status = response.statusCode ?? 0;
  const retryAfterMs = parseRetryAfter(response.headers['retry-after'], Date.now());
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      response.destroy();
      resolve({ status, retryAfterMs, excerpt: clean(Buffer.concat(chunks).toString('utf8')).slice(0, EXCERPT_CHARS) });
    };
    response.on('data', (chunk: Buffer) => {
      const room = MAX_RESPONSE_BYTES - size;
      chunks.push(chunk.subarray(0, room));
      size += Math.min(chunk.length, room);
      if (size >= MAX_RESPONSE_BYTES) finish();
    });
    response.on('end', finish);
    // The status is what counts: a body cut short by the receiver or by the deadline leaves the answer as it is.
    response.on('error', finish);
    response.on('close', finish);
    signal.addEventListener('abort', finish, { once: true });
  });
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function failureOf(err: NodeJS.ErrnoException): WebhookFailure {
  const code = String(err.code ?? '');
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL'].includes(code)) return 'dns';
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|UNABLE_TO_/.test(code)) {
    return 'tls';
  }
  return 'connection';
}

/** Text from a receiver or the network, made safe to keep and show: one line, no control characters, bounded. */
function clean(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .trim()
    .slice(0, 500);
}
