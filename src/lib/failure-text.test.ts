import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { RequestProblem } from '#machines/shared/request-problem.ts';
import '#tests/support/render.tsx';
import { accountErrors } from './account-errors.ts';
import { developerErrors } from './developer-errors.ts';
import { failureText, invalidFieldName } from './failure-text.ts';

const alertForm = { webhook: 'webhook', publicKey: 'public_key' } as const;
const fieldProblem = (field: string): RequestProblem => ({
  code: 'FieldProblem',
  field,
  problem: 'too_long',
  limit: 10,
});

describe('the field a failure is about', () => {
  it('comes from the code, named as the form names its input', () => {
    expect(invalidFieldName('MISSING_EMAIL', accountErrors, { email: 'username' })).toBe('username');
    expect(invalidFieldName({ code: 'PASSWORD_NO_DIGIT' }, accountErrors, { password: 'new-password' })).toBe(
      'new-password',
    );
    expect(invalidFieldName('InvalidRsaPublicKey', developerErrors, alertForm)).toBe('public_key');
  });

  it('comes from the body field a refused request names, by its wire name', () => {
    expect(invalidFieldName(fieldProblem('public_rsa_key'), developerErrors, alertForm)).toBe('public_key');
    expect(invalidFieldName(fieldProblem('url'), developerErrors, alertForm)).toBe('webhook');
    expect(invalidFieldName(fieldProblem('friendly_name'), accountErrors, { name: 'friendly_name' })).toBe(
      'friendly_name',
    );
  });

  it('is none for a failure about no field, or a field the form does not have', () => {
    expect(invalidFieldName('CaptchaRequired', accountErrors, { email: 'email' })).toBeNull();
    expect(invalidFieldName({ serverMessage: 'Nope' }, accountErrors, { email: 'email' })).toBeNull();
    expect(
      invalidFieldName({ code: 'RateLimited', retryAfterSeconds: 3 }, accountErrors, { email: 'email' }),
    ).toBeNull();
    expect(invalidFieldName('MISSING_NAME', accountErrors, { email: 'email' })).toBeNull();
    expect(invalidFieldName(null, accountErrors, { email: 'email' })).toBeNull();
  });
});

describe('the words of a failure', () => {
  it('come from the area table, the request problem words or the server', () => {
    expect(failureText(i18n, 'CaptchaRequired', accountErrors)).toBe(
      'Please complete the check that you are not a robot',
    );
    expect(failureText(i18n, { code: 'AnErrorOccured' }, accountErrors)).toBe(
      'An error occured, please try again later',
    );
    expect(failureText(i18n, fieldProblem('public_rsa_key'), developerErrors)).toBe(
      'RSA public key: at most 10 characters',
    );
    expect(failureText(i18n, { serverMessage: 'Die E-Mail ist vergeben' }, accountErrors)).toBe(
      'Die E-Mail ist vergeben',
    );
  });
});
