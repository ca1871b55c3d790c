import { z } from 'zod';
import { defineRoute, LANGUAGE_VALUES, okData } from './contract.ts';

export const invite = defineRoute({
  method: 'POST',
  url: '/api/invitations',
  summary: 'Invite a person into the account (owner only)',
  description:
    'Mails the invitee a link to the invited sign-up page; the link is only in the mail. Inviting the same email again ' +
    'voids the earlier link: only the newest one works. docs/api/invitations.md: the whole journey.',
  tags: ['Account'],
  security: ['session'],
  body: z
    .strictObject({
      email: z.string().max(1024).default('').meta({ description: 'Who is invited' }),
      language: z
        .string()
        .max(16)
        .optional()
        .meta({ description: `Language of the mail: ${LANGUAGE_VALUES}. Absent or unknown: the inviter’s language` }),
    })
    .meta({ examples: [{ email: 'sam@example.com', language: 'en-us' }] }),
  response: {
    200: okData(
      z.object({
        email: z.string(),
        expires_at: z.string().meta({
          description: 'ISO 8601, UTC: when the link stops working, INVITATION_TOKEN_TTL_DAYS (default 7) from now',
        }),
      }),
    ).meta({
      examples: [{ success: true, data: { email: 'sam@example.com', expires_at: '2026-11-29T16:00:00.000Z' } }],
    }),
  },
  errors: ['NotOwner', 'MissingEmail', 'EmailInIncorrectFormat', 'EmailAlreadyRegistered', 'RateLimited'],
  errorNotes: {
    NotOwner: 'the caller is a secondary user, not the group owner',
    MissingEmail: '`email` empty or missing',
    EmailInIncorrectFormat: '`email` is not an email address',
    ValidationError: 'unknown fields or wrong types',
    EmailAlreadyRegistered: 'someone already has an account with this email',
    RateLimited:
      'more than RATE_LIMIT_INVITE_PER_HOUR (20) invitations an hour from the account, or RATE_LIMIT_PER_EMAIL_PER_HOUR ' +
      '(5) to the email; `error.data.retry_after_seconds` says the wait',
  },
});
