import type { Db } from '#server/db/database.ts';
import type { Locale } from '#shared-domain/locales.ts';
import { insertMail } from './mail.repository.ts';
import { type MailInput, renderMail } from './mail.templates.ts';

export interface QueueMailInput extends MailInput {
  to: string;
  locale: Locale;
}

/**
 * Renders and queues one mail. Callers pass their transaction, so the mail exists exactly when the change it reports
 * does; the worker sends it later, retrying until the mail server takes it.
 */
export async function queueMail(db: Db, input: QueueMailInput, now: number): Promise<void> {
  const content = renderMail(input);
  await insertMail(db, {
    id: crypto.randomUUID(),
    to: input.to,
    ...content,
    kind: input.kind,
    language: input.locale,
    link: input.link,
    now,
  });
}
