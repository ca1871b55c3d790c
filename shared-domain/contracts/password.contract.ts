import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../email.ts';
import { defineRoute, languageField, okEmpty, okMessage } from './contract.ts';

// product.md §7 recovery and password change; the reset link is docs/api/signup-links.md.

const resetQuery = z.strictObject({ reset_token: z.string().max(512).default('') });

export const recover = defineRoute({
  method: 'GET',
  url: '/api/password/recover',
  summary: 'Mail a password reset link',
  description:
    'An unknown address answers EmailNotRegistered (82), as product.md §8 requires, but no mail goes out for it, and ' +
    'its answer takes as long as a known one’s (docs/decisions/0003).',
  tags: ['Account'],
  // Not strict: the recovery page carries its own query parameters (return_to and the like) along, and they are ignored.
  query: z.object({ email: z.string().max(EMAIL_MAX_LENGTH).default(''), language: languageField }),
  response: { 200: okMessage },
  errors: ['MissingEmail', 'EmailInIncorrectFormat', 'EmailNotRegistered', 'RateLimited'],
});

export const resetCheck = defineRoute({
  method: 'GET',
  url: '/api/password/change/check',
  summary: 'Whether a reset link still works',
  tags: ['Account'],
  query: resetQuery,
  response: { 200: okEmpty },
  errors: ['InvalidToken'],
});

export const change = defineRoute({
  method: 'PATCH',
  url: '/api/password/change',
  summary: 'Set a new password from a reset link',
  tags: ['Account'],
  query: resetQuery,
  body: z
    .strictObject({
      password: z.string().max(1024).default(''),
      logout: z.boolean().default(false).meta({ description: 'Also end every session of the account' }),
      language: languageField,
    })
    .meta({ examples: [{ password: 'NewSecret1234', logout: true, language: 'en-us' }] }),
  response: { 200: okMessage },
  errors: [
    'InvalidToken',
    'MissingPassword',
    'PASSWORD_NOT_ENOUGH_LENGTH',
    'PASSWORD_NO_DIGIT',
    'PASSWORD_NO_UPPERCASE',
    'PASSWORD_NO_LOWERCASE',
  ],
});

export type PasswordChangeRequest = z.input<typeof change.body>;
export type ResetCheckAnswer = z.infer<typeof okEmpty>;
