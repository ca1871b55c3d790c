import { describe, expect, it } from 'vitest';
import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import { loginFailureFrom } from './login.errors.ts';

describe('loginFailureFrom: what the login page shows for a refused POST /api/login', () => {
  it("answers the server's own field checks with the form's codes", () => {
    expect(loginFailureFrom(apiErrorOf('MissingEmail'))).toEqual({ code: 'MISSING_EMAIL' });
    expect(loginFailureFrom(apiErrorOf('MissingPassword'))).toEqual({ code: 'MISSING_PASSWORD' });
  });

  it.each([
    [{ account_lock_timeout: 90 }, 90],
    [{ account_lock_timeout: 89.1 }, 90],
    [{ account_lock_timeout: '30' }, 30],
    [{ account_lock_timeout: 0 }, 0],
    [{ account_lock_timeout: -1 }, 0],
    [{ account_lock_timeout: Number.POSITIVE_INFINITY }, 0],
    [{ account_lock_timeout: 'later' }, 0],
    [undefined, 0],
  ])('a lock with %j lasts %i seconds on screen', (data, lockSeconds) => {
    expect(loginFailureFrom(apiErrorOf('AccountLocked', data))).toEqual({ code: 'AccountLocked', lockSeconds });
  });

  it('reads 401 and 403 by the name, and any other status as unexpected', () => {
    expect(loginFailureFrom(apiErrorOf('InvalidEmailOrPassword'))).toEqual({ code: 'InvalidEmailOrPassword' });
    const unknownName = new ApiError(403, { ...apiErrorBody('NotOwner') });
    expect(loginFailureFrom(unknownName)).toEqual({ code: 'InvalidEmailOrPassword' });
    expect(loginFailureFrom(new ApiError(404, apiErrorBody('AccountNotVerified')))).toEqual({
      code: 'UnexpectedError',
    });
    expect(loginFailureFrom(new ApiError(0, null))).toEqual({ code: 'AnErrorOccured' });
    expect(loginFailureFrom(new Error('offline'))).toEqual({ code: 'AnErrorOccured' });
  });
});
