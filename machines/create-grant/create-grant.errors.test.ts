import { describe, expect, it } from 'vitest';
import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import { createGrantFailureFrom } from './create-grant.errors.ts';

describe("createGrantFailureFrom: the create-grant form's message for a refusal", () => {
  it.each([
    'ApplicationNameTaken',
    'ClientLimitExceeded',
    'InvalidRedirectUri',
    'TooManyRedirectUris',
    'RedirectUriTooLong',
  ] as const)('names %s as the server does', (name) => expect(createGrantFailureFrom(apiErrorOf(name))).toBe(name));

  it('says a refusal of the request itself as such, and anything else in general words', () => {
    expect(createGrantFailureFrom(apiErrorOf('PayloadTooLarge'))).toEqual({ code: 'RequestTooLarge' });
    expect(createGrantFailureFrom(apiErrorOf('InternalError'))).toBe('AnErrorOccured');
    // A name no refusal has, such as one an object inherits, is no code of the form's.
    const inherited = new ApiError(400, {
      ...apiErrorBody('BadRequest'),
      error: { code: 'BAD_REQUEST', name: 'toString' as never },
    });
    expect(createGrantFailureFrom(inherited)).toBe('AnErrorOccured');
    const nullError = new ApiError(502, { success: false, message: 'Bad gateway', error: null } as never);
    expect(createGrantFailureFrom(nullError)).toBe('AnErrorOccured');
    expect(createGrantFailureFrom(new ApiError(0, null))).toBe('AnErrorOccured');
    expect(createGrantFailureFrom(new Error('offline'))).toBe('AnErrorOccured');
  });
});
