import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestServer } from './server.ts';

/**
 * Reads the mail outbox a server without SMTP_URL writes (DATA_DIR/outbox: `<time>-<id>.eml` plus `.json`), for API
 * and browser tests alike. Mail is sent by a worker shortly after the request that queued it, so tests wait for it.
 */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link (verification, reset or invitation), absolute, built from PUBLIC_URL. */
  link: string | null;
  kind: 'verification' | 'reset' | 'invitation';
  language: string;
  created_at: string;
  /** Paths of the two files. */
  jsonFile: string;
  emlFile: string;
}

type Target = Pick<TestServer, 'config'> | string;

export function outboxDir(target: Target): string {
  return typeof target === 'string' ? target : target.config.mail.outboxDir;
}

/** Every message written so far, oldest first. */
export function readOutbox(target: Target): OutboxMessage[] {
  const dir = outboxDir(target);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const jsonFile = join(dir, name);
      const message = JSON.parse(readFileSync(jsonFile, 'utf8')) as Omit<OutboxMessage, 'jsonFile' | 'emlFile'>;
      return { ...message, jsonFile, emlFile: jsonFile.replace(/\.json$/, '.eml') };
    });
}

/** Messages to one address (case-insensitive), oldest first, optionally of one kind. */
export function mailsTo(target: Target, address: string, kind?: OutboxMessage['kind']): OutboxMessage[] {
  const wanted = address.trim().toLowerCase();
  return readOutbox(target).filter((m) => m.to.toLowerCase() === wanted && (kind === undefined || m.kind === kind));
}

export function latestMailTo(target: Target, address: string, kind?: OutboxMessage['kind']): OutboxMessage | undefined {
  return mailsTo(target, address, kind).at(-1);
}

export interface WaitOptions {
  kind?: OutboxMessage['kind'];
  /** How many matching messages existed before the action: waits for a newer one. Default 0. */
  after?: number;
  timeoutMs?: number;
}

/** Resolves with the newest matching message once there are more than `after` of them; rejects on timeout. */
export async function waitForMail(target: Target, address: string, options: WaitOptions = {}): Promise<OutboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const found = mailsTo(target, address, options.kind);
    if (found.length > (options.after ?? 0)) return found.at(-1)!;
    if (Date.now() > deadline) {
      throw new Error(`no ${options.kind ?? ''} mail to ${address} in ${outboxDir(target)} (have ${found.length})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function actionLink(message: OutboxMessage): URL {
  if (!message.link) throw new Error(`mail ${message.id} has no action link`);
  return new URL(message.link);
}

/** The link's path plus query, to open against a test server whose PUBLIC_URL differs from its address. */
export function linkPath(message: OutboxMessage): string {
  const url = actionLink(message);
  return url.pathname + url.search;
}

const TOKEN_PARAMS = {
  verification: 'verification_token',
  reset: 'reset_token',
  invitation: 'invitation_token',
} as const;

/** The token carried by the message's link. */
export function tokenFrom(message: OutboxMessage): string {
  const token = actionLink(message).searchParams.get(TOKEN_PARAMS[message.kind]);
  if (!token) throw new Error(`mail ${message.id} link has no ${TOKEN_PARAMS[message.kind]}`);
  return token;
}
