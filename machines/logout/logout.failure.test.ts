import { describe, expect, it } from 'vitest';
import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody } from '#shared-domain/error-body.ts';
import { logoutFailureFrom } from './logout.machine.ts';

/** What the logout page keeps of a refusal the model's cases do not send (they send a 500, a 429 and no answer). */
describe('logout: the failure the page words', () => {
  it("is the service's own words when a 4xx carries them", () => {
    const error = new ApiError(403, { ...apiErrorBody('NotOwner'), message: ' Seul le propriétaire peut le faire. ' });
    expect(logoutFailureFrom(error)).toEqual({ serverMessage: 'Seul le propriétaire peut le faire.' });
  });

  it('is an unexpected error when nothing says why', () => {
    expect(logoutFailureFrom(new Error('socket hang up'))).toEqual({ code: 'UnexpectedError' });
  });
});
