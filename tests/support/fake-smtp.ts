import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The outbox row id the portal puts in X-Portal-Mail-Id, to spot a message delivered twice. */
  mailId: string | null;
}

/** A port nothing listens on right now (free a moment ago), for "the mail server is down". */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A plain-text SMTP server on 127.0.0.1 that keeps every message it accepts. */
export async function startFakeSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          mailId: /^X-Portal-Mail-Id: (\S+)/im.exec(raw)?.[1] ?? null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
  const actual = (smtp.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
