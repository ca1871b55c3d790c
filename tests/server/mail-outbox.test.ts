import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_KINDS, renderMail } from '#server/modules/mail/mail.templates.ts';
import { createMailTransport } from '#server/modules/mail/mail.transport.ts';
import { LOCALES } from '#shared-domain/locales.ts';
import { readOutbox, waitForMail } from '../support/outbox.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { signUp } from './helpers/account.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://portal.example', PRODUCT_NAME: 'Carewatch' });
});
afterAll(() => server.close());

describe('the outbox without SMTP', () => {
  const name = '<script>alert(1)</script> & "Bob"';

  it('writes each message as .eml and .json, in the user language, with the name escaped in HTML', async () => {
    expect(
      (await signUp(server, { email: 'bob+test@example.com', friendly_name: name, language: 'zh-cn' })).status,
    ).toBe(200);
    const mail = await waitForMail(server, 'bob+test@example.com');
    expect(mail).toMatchObject({ kind: 'verification', language: 'zh-cn', subject: '请确认您的 Carewatch 邮箱' });
    expect(mail.link).toMatch(
      /^https:\/\/portal\.example\/pages\/signup\/verify\?verification_token=[\w-]{43}&email=bob%2Btest%40example\.com&language=zh-cn$/,
    );
    expect(mail.text).toContain(`${name}，您好：`);
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bob&quot;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(`href="${mail.link!.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain('<html lang="zh-CN">');

    expect(existsSync(mail.emlFile)).toBe(true);
    const eml = readFileSync(mail.emlFile, 'utf8');
    expect(eml).toMatch(/^To: bob\+test@example\.com$/m);
    expect(eml).toMatch(/^From: Carewatch <no-reply@portal\.example>$/m);
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/^X-Portal-Mail-Id: /im);
  });

  it('marks the row sent and files are named by time then id', async () => {
    const [message] = readOutbox(server);
    expect(message!.jsonFile).toMatch(/\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f-]{36}\.json$/);
    const row = await server.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', message!.id)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(0);
    // The delivered body carried a single-use link; only the envelope stays in the database.
    expect({ html: row.html, text: row.text, link: row.link }).toEqual({ html: '', text: '', link: null });
    expect(row.subject).not.toBe('');
  });

  it('logs the action link, so a developer can follow a signup from the console', async () => {
    const lines: Array<{ obj: object; msg: string }> = [];
    const log = { info: (obj: object, msg: string) => lines.push({ obj, msg }), warn: () => undefined };
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'portal-outbox-')), 'outbox');
    const transport = createMailTransport({ ...server.config.mail, outboxDir }, log);
    await transport.send({
      id: 'id-1',
      to: 'x@example.com',
      subject: 's',
      html: '<p>h</p>',
      text: 't',
      kind: 'reset',
      language: 'en-us',
      link: 'https://portal.example/pages/password/reset?reset_token=T',
      createdAt: Date.now(),
      attempts: 0,
    });
    transport.close();
    expect(lines).toEqual([
      {
        obj: { to: 'x@example.com', kind: 'reset', link: 'https://portal.example/pages/password/reset?reset_token=T' },
        msg: 'mail written to outbox',
      },
    ]);
    expect(readOutbox(outboxDir)).toHaveLength(1);
  });
});

describe('mail templates', () => {
  const base = {
    productName: 'Carewatch',
    link: 'https://p.example/x?a=1&b=2',
    recipientName: 'Ann',
    inviterName: 'Olga',
    validity: 2,
  };

  it.each(MAIL_KINDS)('%s: every locale has its own subject, text and HTML, each with the link', (kind) => {
    const rendered = LOCALES.map((locale) => renderMail({ ...base, kind, locale }));
    expect(new Set(rendered.map((r) => r.subject)).size).toBe(LOCALES.length);
    expect(new Set(rendered.map((r) => r.text)).size).toBe(LOCALES.length);
    for (const r of rendered) {
      expect(r.text).toContain(base.link);
      expect(r.html).toContain('https://p.example/x?a=1&amp;b=2');
      expect(r.subject).toContain('Carewatch');
    }
  });

  it('invitations name the inviter, escaped in HTML', () => {
    const mail = renderMail({
      ...base,
      kind: 'invitation',
      locale: 'en-us',
      recipientName: null,
      inviterName: 'Eve <e@x>',
    });
    expect(mail.subject).toBe('Eve <e@x> invited you to Carewatch');
    expect(mail.html).toContain('Eve &lt;e@x&gt; has invited you');
    expect(mail.text).toMatch(/^Hello,$/m);
  });
});
