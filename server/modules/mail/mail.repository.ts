import type { Db } from '#server/db/database.ts';

export interface NewMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  language: string;
  link: string | null;
  now: number;
}

export interface MailRecord {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  language: string;
  link: string | null;
  createdAt: number;
  attempts: number;
}

export async function insertMail(db: Db, mail: NewMail): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      id: mail.id,
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      kind: mail.kind,
      language: mail.language,
      link: mail.link,
      created_at: mail.now,
      attempts: 0,
      next_attempt_at: mail.now,
      claimed_until: null,
      sent_at: null,
      last_error: null,
    })
    .execute();
}

/** Unsent rows whose retry time has come and that no live worker holds; oldest first. */
export async function findDueMail(db: Db, now: number, limit: number): Promise<MailRecord[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'html', 'text', 'kind', 'language', 'link', 'created_at', 'attempts'])
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    html: r.html,
    text: r.text,
    kind: r.kind,
    language: r.language,
    link: r.link,
    createdAt: r.created_at,
    attempts: r.attempts,
  }));
}

/**
 * Takes the row for one worker. The conditions repeat the "due and free" test inside the UPDATE, so of several
 * instances racing for a row exactly one sees an affected row.
 */
export async function claimMail(db: Db, id: string, now: number, claimedUntil: number): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ claimed_until: claimedUntil })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A delivered message keeps only its envelope: the body and link carry single-use tokens (verification, reset,
 * invitation) in clear, which the database must not hold once the recipient has them.
 */
export async function markMailSent(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: now, claimed_until: null, last_error: null, html: '', text: '', link: null })
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(
  db: Db,
  id: string,
  failure: { attempts: number; nextAttemptAt: number; error: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: failure.attempts,
      next_attempt_at: failure.nextAttemptAt,
      last_error: failure.error.slice(0, 1000),
      claimed_until: null,
    })
    .where('id', '=', id)
    .execute();
}
