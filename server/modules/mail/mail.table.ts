import type { Generated } from 'kysely';

/** Mail waiting to go out, written in the transaction of the change it reports (docs/decisions/0003). */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  language: string;
  /** The message's action link, for the outbox files and the log of a deployment without SMTP. */
  link: string | null;
  created_at: number;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A worker owns the row until then; an expired claim (crashed worker) makes the row due again. */
  claimed_until: number | null;
  sent_at: number | null;
  last_error: string | null;
}
