import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { MailConfig } from '#server/lifecycle-config.ts';
import type { MailRecord } from './mail.repository.ts';

export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Where a claimed message goes. `send` resolves once the message is safely handed over, and rejects otherwise. */
export interface MailTransport {
  readonly name: 'smtp' | 'outbox';
  send(mail: MailRecord): Promise<void>;
  close(): void;
}

// Short enough that a dead mail server frees the worker well inside the claim lease (mail.worker.ts).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailTransport(config: MailConfig, log: MailLog): MailTransport {
  return config.smtpUrl ? smtpTransport(config, config.smtpUrl) : outboxTransport(config, log);
}

function message(config: MailConfig, mail: MailRecord) {
  return {
    from: config.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // Lets a receiving test (or an operator reading headers) tell redeliveries of one queued message apart.
    headers: { 'X-Portal-Mail-Id': mail.id, 'X-Portal-Mail-Kind': mail.kind },
    date: new Date(mail.createdAt),
  };
}

function smtpTransport(config: MailConfig, url: string): MailTransport {
  const transporter = createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    name: 'smtp',
    send: async (mail) => {
      await transporter.sendMail(message(config, mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP every message becomes files in DATA_DIR/outbox: the `.eml` as a mail client would receive it, and a
 * `.json` summary with the action link for people and browser tests. The link is also logged, so a developer can
 * follow a signup from the console alone.
 */
function outboxTransport(config: MailConfig, log: MailLog): MailTransport {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'outbox',
    send: async (mail) => {
      const info = await composer.sendMail(message(config, mail));
      const base = join(config.outboxDir, `${fileStamp(mail.createdAt)}-${mail.id}`);
      const summary = {
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        link: mail.link,
        kind: mail.kind,
        language: mail.language,
        created_at: new Date(mail.createdAt).toISOString(),
      };
      await mkdir(config.outboxDir, { recursive: true });
      await writeFile(`${base}.eml`, info.message as Buffer);
      // The .json is what readers look for, so it appears last and whole (rename is atomic).
      await writeFile(`${base}.json.tmp`, `${JSON.stringify(summary, null, 2)}\n`);
      await rename(`${base}.json.tmp`, `${base}.json`);
      log.info({ to: mail.to, kind: mail.kind, link: mail.link }, 'mail written to outbox');
    },
    close: () => composer.close(),
  };
}

// ISO time without colons, which some file systems and tools refuse in names; still sorts by time.
function fileStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/:/g, '-');
}
