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
const TOKEN_QUERY_NOTE = 'an unknown query parameter, or a token longer than 512 characters';
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

const example = {
  email: 'ann@example.com',
  password: 'Secret1234',
  friendly_name: 'Ann',
  accept_terms: true,
  language: 'en-us',
};

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
  description:
    'No captcha: the mailed token stands for it. The form rules answer first; then the token must be a live ' +
    'invitation for that email (ignoring case). On success the new user is already verified (the link proved the ' +
    'mailbox), the token is spent, and `message` is in the request’s language.',
  tags: ['Account'],
  query: invitationQuery,
  body: z.strictObject(formFields).meta({ examples: [example] }),
  response: { 200: okMessage },
  errors: [...FORM_RULES, 'InvalidToken', 'EmailAlreadyRegistered', 'RateLimited'],
  errorNotes: {
    InvalidToken: 'the token is not a live invitation for this email',
    EmailAlreadyRegistered: 'the email got an account since the invitation was sent',
  },
});

export const invitationCheck = defineRoute({
  method: 'GET',
  url: '/api/signup/invite/check',
  summary: 'The address an invitation is for',
  description:
    'What the invited sign-up page asks before it shows the form. Nothing is spent and no session is needed; the ' +
    'refusals carry no `error.data`.',
  tags: ['Account'],
  query: invitationQuery,
  response: {
    200: okData(
      z.object({
        email: z.string().meta({ description: 'As the server keeps it: trimmed, lower case. Sign up with this one' }),
      }),
    ).meta({ examples: [{ success: true, data: { email: 'sam@example.com' } }] }),
  },
  errors: ['InvitationNotFound', 'InvitationUsed', 'InvitationExpired', 'EmailAlreadyRegistered'],
  errorNotes: {
    ValidationError: TOKEN_QUERY_NOTE,
    InvitationNotFound:
      'no invitation has this token (never issued, missing, or purged a day after it stopped working)',
    InvitationUsed: 'the invitation already created its account',
    InvitationExpired: 'the invitation expired, or a newer invitation to the same email replaced it',
    EmailAlreadyRegistered: 'the invitation is live but its email got an account meanwhile',
  },
});

export const activation = z
  .object({
    email: z.string(),
    region: z
      .enum(REGIONS)
      .meta({ description: 'The region the account lives in (product.md §3), which the page names' }),
    already_verified: z
      .boolean()
      .optional()
      .meta({
        description:
          'true when the account was verified before this call: by this link earlier, by a newer link of the account, ' +
          'or by a password reset (docs/api/signup-links.md)',
      }),
  })
  .meta({ examples: [{ email: 'ann@example.com', region: 'prod', already_verified: false }] });

export const verify = defineRoute({
  method: 'GET',
  url: '/api/signup/verify',
  summary: 'Activate an account from its verification link',
  description:
    'Spends the token and activates its account. A link opened again once its account is verified answers the same ' +
    '200 with `already_verified: true`, for as long as the account exists.',
  tags: ['Account'],
  query: z.strictObject({ verification_token: token }),
  response: { 200: okData(activation) },
  errors: ['InvalidToken'],
  errorNotes: {
    InvalidToken:
      'the token is unknown, empty, of another kind, or expired or superseded while its account still needs ' +
      'verifying; it says nothing about any account',
    ValidationError: TOKEN_QUERY_NOTE,
  },
});

export const resend = defineRoute({
  method: 'GET',
  url: '/api/signup/verify/resend',
  summary: 'Send the verification mail again',
  description: 'A new activation link, which voids the older ones.',
  tags: ['Account'],
  query: z.strictObject({ email: z.string().max(EMAIL_MAX_LENGTH).default(''), language: languageField }),
  response: { 200: okMessage },
  errors: ['MissingEmail', 'EmailInIncorrectFormat', 'EmailNotRegistered', 'AlreadyVerified', 'RateLimited'],
  errorNotes: {
    AlreadyVerified: 'the account is verified already',
    RateLimited: 'limited per IP and per email',
  },
});

export const verifiedCheck = defineRoute({
  method: 'GET',
  url: '/api/signup/verify/check',
  summary: 'Whether an account is verified yet (the verify-needed page polls this)',
  tags: ['Account'],
  // The verify-needed page asks with the address it then resends to: one limit for both, so it can say which.
  query: z.strictObject({ username: z.string().max(EMAIL_MAX_LENGTH).default('') }),
  response: { 200: okData(z.object({ verified: z.literal(true) })) },
  errors: ['MissingEmail', 'EmailInIncorrectFormat', 'EmailNotRegistered', 'AccountNotVerified', 'RateLimited'],
  errorNotes: {
    AccountNotVerified: 'the account still needs verifying',
    RateLimited: 'more than RATE_LIMIT_LOGIN_PER_MINUTE (60) a minute from the IP, the budget of login',
    ValidationError: '`username` over 254 characters, the limit of every account address',
  },
});

export type SignupRequest = z.input<typeof signup.body>;
export type InvitedSignupRequest = z.input<typeof invitedSignup.body>;
export type MessageAnswer = z.infer<typeof okMessage>;
export type InvitationCheckAnswer = z.infer<(typeof invitationCheck.response)[200]>;
export type ActivationAnswer = z.infer<(typeof verify.response)[200]>;
export type VerifiedCheckAnswer = z.infer<(typeof verifiedCheck.response)[200]>;
