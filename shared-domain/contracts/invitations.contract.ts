import { z } from 'zod';
import { defineRoute, languageField, okData } from './contract.ts';

export const invite = defineRoute({
  method: 'POST',
  url: '/api/invitations',
  summary: 'Invite a person into the account (owner only)',
  description: 'docs/api/invitations.md: the invitation mail, its link and how long it lasts.',
  tags: ['Account'],
  security: ['session'],
  body: z
    .strictObject({ email: z.string().max(1024).default(''), language: languageField })
    .meta({ examples: [{ email: 'bob@example.com', language: 'en-us' }] }),
  response: { 200: okData(z.object({ email: z.string(), expires_at: z.string().meta({ description: 'ISO 8601' }) })) },
  errors: ['NotOwner', 'MissingEmail', 'EmailInIncorrectFormat', 'EmailAlreadyRegistered'],
});
