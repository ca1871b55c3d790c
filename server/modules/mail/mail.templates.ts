import { textsFor } from '#server/i18n/texts.ts';
import { escapeHtml } from '#server/lib/html.ts';
import type { Locale } from '#shared-domain/locales.ts';

export const MAIL_KINDS = ['verification', 'reset', 'invitation'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface MailInput {
  kind: MailKind;
  locale: Locale;
  productName: string;
  link: string;
  /** Who the mail greets; null when the recipient has no account yet (invitation). */
  recipientName: string | null;
  /** Who sent the invitation; invitations only. */
  inviterName?: string;
  /** How long the link lives, in the unit of the kind: hours, minutes, days. */
  validity: number;
}

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

interface Parts {
  greeting: string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
  linkFallback: string;
}

/** Every mail is HTML plus text in the recipient's language (docs/decisions/0012). */
export function renderMail(input: MailInput): MailContent {
  const html = parts(input, escapeHtml);
  const text = parts(input, (s) => s);
  return { subject: subject(input), html: toHtml(input, html), text: toText(input, text) };
}

function subject(input: MailInput): string {
  const t = textsFor(input.locale).mail;
  if (input.kind === 'invitation') return t.invitation.subject(input.inviterName ?? '', input.productName);
  return t[input.kind].subject(input.productName);
}

// `esc` is applied to every value that came from outside the translation tables, before it is placed in a sentence.
function parts(input: MailInput, esc: (s: string) => string): Parts {
  const t = textsFor(input.locale).mail;
  const product = esc(input.productName);
  const common = {
    greeting: t.greeting(input.recipientName === null ? null : esc(input.recipientName)),
    linkFallback: t.linkFallback,
  };
  if (input.kind === 'invitation') {
    const m = t.invitation;
    const inviter = esc(input.inviterName ?? '');
    return {
      ...common,
      intro: m.intro(inviter, product),
      action: m.action,
      validity: m.validity(input.validity),
      ignore: m.ignore,
    };
  }
  const m = t[input.kind];
  return {
    ...common,
    intro: m.intro(product),
    action: m.action,
    validity: m.validity(input.validity),
    ignore: m.ignore,
  };
}

function toText(input: MailInput, p: Parts): string {
  return [p.greeting, '', p.intro, '', `${p.action}: ${input.link}`, '', p.validity, p.ignore, ''].join('\n');
}

function toHtml(input: MailInput, p: Parts): string {
  const href = escapeHtml(input.link);
  const lang = input.locale.replace(/-(\w+)$/, (_m, region: string) => `-${region.toUpperCase()}`);
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject(input))}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Montserrat,Arial,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p>${p.greeting}</p>
<p>${p.intro}</p>
<p style="margin:32px 0"><a href="${href}" style="background:#1c7ed6;color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none;display:inline-block">${p.action}</a></p>
<p style="font-size:13px;color:#52606d">${p.linkFallback}<br><a href="${href}" style="color:#1c7ed6;word-break:break-all">${href}</a></p>
<p style="font-size:13px;color:#52606d">${p.validity} ${p.ignore}</p>
</div>
</body>
</html>
`;
}
