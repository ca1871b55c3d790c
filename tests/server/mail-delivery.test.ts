import { describe, expect, it } from 'vitest';
import { queueMail } from '#server/modules/mail/mail.service.ts';
import { retryDelay } from '#server/modules/mail/mail.worker.ts';
import { freePort, startFakeSmtp, until } from '../support/fake-smtp.ts';
import { startTestServer } from '../support/server.ts';
import { signUp } from './helpers/account.ts';

describe('mail that is never lost', () => {
  it('SMTP down during signup: the signup succeeds and the mail arrives once the server is up', async () => {
    const port = await freePort();
    const server = await startTestServer({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_POLL_MS: '20',
      MAIL_RETRY_BASE_MS: '50',
      MAIL_RETRY_MAX_MS: '200',
    });
    let smtp: Awaited<ReturnType<typeof startFakeSmtp>> | undefined;
    try {
      expect((await signUp(server, { email: 'patient@example.com', language: 'zh-cn' })).status).toBe(200);
      const failed = await until(async () => {
        const row = await server.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('to_address', '=', 'patient@example.com')
          .executeTakeFirst();
        return row && row.attempts >= 2 ? row : undefined;
      });
      expect(failed.sent_at).toBeNull();
      expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

      smtp = await startFakeSmtp(port);
      const delivered = await until(() => smtp!.received.find((m) => m.to.includes('patient@example.com')));
      expect(delivered.raw).toMatch(/^Subject: /m);
      expect(delivered.raw).toContain('/pages/signup/verify?verification_token=');
      expect(delivered.raw).toMatch(/Content-Type: text\/html/i);
      expect(delivered.raw).toMatch(/Content-Type: text\/plain/i);
      const row = await until(async () => {
        const r = await server.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('to_address', '=', 'patient@example.com')
          .executeTakeFirst();
        return r?.sent_at ? r : undefined;
      });
      expect(row.claimed_until).toBeNull();
      expect(smtp.received.filter((m) => m.mailId === row.id)).toHaveLength(1);
    } finally {
      await server.close();
      await smtp?.close();
    }
  });

  it('two instances on one database never send a message twice', async () => {
    const smtp = await startFakeSmtp();
    const env = { SMTP_URL: smtp.url, MAIL_POLL_MS: '10' };
    const a = await startTestServer(env);
    const b = await startTestServer({
      ...env,
      DATA_DIR: a.config.dataDir,
      DATABASE_URL: a.config.databaseUrl ?? undefined,
    });
    try {
      const count = 40;
      for (let i = 0; i < count; i++) {
        await queueMail(
          a.db,
          {
            kind: 'reset',
            to: `many-${i}@example.com`,
            locale: 'en-us',
            productName: 'Portal',
            link: `http://x/${i}`,
            recipientName: 'N',
            validity: 60,
          },
          Date.now(),
        );
        if (i % 10 === 0) b.app.mailWorker.wake();
      }
      await until(async () => {
        const left = await a.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
        return left.length === 0 ? true : undefined;
      }, 20_000);
      const ids = smtp.received.map((m) => m.mailId);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
    } finally {
      await b.close();
      await a.close();
      await smtp.close();
    }
  });

  it('backs off exponentially up to the cap', () => {
    const config = { retryBaseMs: 2000, retryMaxMs: 300_000 };
    expect([1, 2, 3, 4].map((n) => retryDelay(config, n))).toEqual([2000, 4000, 8000, 16000]);
    expect(retryDelay(config, 30)).toBe(300_000);
  });
});
