import { z } from 'zod';
import { NAME_MAX_LENGTH, REGIONS } from '../account.ts';
import { EMAIL_MAX_LENGTH } from '../email.ts';
import { defineRoute, languageField, okData, okMessage } from './contract.ts';

// product.md §7 sign-up, invited sign-up and verification; docs/api/signup-links.md, docs/api/invitations.md.

// Missing fields default to empty so the shared rules answer with the spec's codes (MISSING_EMAIL, ...); lengths only
// bound the work a request can cause, the rules themselves live in shared-domain.
const formFields = {
  email: z.string().max(EMAIL_MAX_LENGTH).default(''),
  password: z.string().max(1024).default(''),
  friendly_name: z.string().max(NAME_MAX_LENGTH).default(''),
  accept_terms: z.boolean().default(false),
  language: languageField,
};
const token = z.string().max(512).default('');
const invitationQuery = z.strictObject({ invitation_token: token });

const FORM_RULES = [
  'MissingEmail',
  'EmailInIncorrectFormat',
  'MissingPassword',
  'PASSWORD_NOT_ENOUGH_LENGTH',
  'PASSWORD_NO_DIGIT',
  'PASSWORD_NO_UPPERCASE',
  'PASSWORD_NO_LOWERCASE',
  'MissingName',
  'MissingAcceptTermAndConditions',
] as const;

const example = { email: 'ann@example.com', password: 'Secret1234', friendly_name: 'Ann', accept_terms: true, language: 'en-us' };

export const signup = defineRoute({
  method: 'POST',
  url: '/api/signup/new',
  summary: 'Sign up: the account waits for its verification mail',
  tags: ['Account'],
  body: z
    .strictObject({ ...formFields, captcha_token: z.string().max(16_384).default('') })
    .meta({ examples: [{ ...example, captcha_token: '<ALTCHA payload>' }] }),
  response: { 200: okMessage },
  errors: [...FORM_RULES, 'CaptchaInvalid', 'EmailAlreadyRegistered', 'RateLimited'],
});

export const invitedSignup = defineRoute({
  method: 'POST',
  url: '/api/signup/invite',
  summary: 'Sign up through an invitation: the account joins the inviter’s group, already verified',
  tags: ['Account'],
  query: invitationQuery,
  body: z.strictObject(formFields).meta({ examples: [example] }),
  response: { 200: okMessage },
  errors: [...FORM_RULES, 'InvalidToken', 'EmailAlreadyRegistered', 'RateLimited'],
});

export const invitationCheck = defineRoute({
  method: 'GET',
  url: '/api/signup/invite/check',
  summary: 'The address an invitation is for',
  tags: ['Account'],
  query: invitationQuery,
  response: { 200: okData(z.object({ email: z.string() })) },
  errors: ['InvitationNotFound', 'InvitationUsed', 'InvitationExpired'],
});

export const activation = z.object({
  email: z.string(),
  region: z.enum(REGIONS),
  /** The link was used before and its account is active (docs/api/signup-links.md). */
  already_verified: z.boolean().optional(),
});

export const verify = defineRoute({
  method: 'GET',
  url: '/api/signup/verify',
  summary: 'Activate an account from its verification link',
  tags: ['Account'],
  query: z.strictObject({ verification_token: token }),
  response: { 200: okData(activation) },
  errors: ['InvalidToken'],
});

export const resend = defineRoute({
  method: 'GET',
  url: '/api/signup/verify/resend',
  summary: 'Send the verification mail again',
  tags: ['Account'],
  query: z.strictObject({ email: z.string().max(EMAIL_MAX_LENGTH).default(''), language: languageField }),
  response: { 200: okMessage },
  errors: ['MissingEmail', 'EmailInIncorrectFormat', 'EmailNotRegistered', 'AlreadyVerified', 'RateLimited'],
});

export const verifiedCheck = defineRoute({
  method: 'GET',
  url: '/api/signup/verify/check',
  summary: 'Whether an account is verified yet (the verify-needed page polls this)',
  tags: ['Account'],
  // The verify-needed page asks with the address it then resends to: one limit for both, so it can say which.
  query: z.strictObject({ username: z.string().max(EMAIL_MAX_LENGTH).default('') }),
  response: { 200: okData(z.object({ verified: z.literal(true) })) },
  errors: ['MissingEmail', 'EmailInIncorrectFormat', 'EmailNotRegistered', 'AccountNotVerified'],
});

export type SignupRequest = z.input<typeof signup.body>;
export type InvitedSignupRequest = z.input<typeof invitedSignup.body>;
export type MessageAnswer = z.infer<typeof okMessage>;
export type InvitationCheckAnswer = z.infer<(typeof invitationCheck.response)[200]>;
export type ActivationAnswer = z.infer<(typeof verify.response)[200]>;
export type VerifiedCheckAnswer = z.infer<(typeof verifiedCheck.response)[200]>;
