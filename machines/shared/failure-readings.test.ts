import { describe, expect, it } from 'vitest';
import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import { isTransientFailure } from './link-failure.ts';
import { serverMessageOf } from './server-message.ts';

/** A refusal under any status, with the server's own words. */
const refusal = (status: number, message: string) => new ApiError(status, { ...apiErrorBody('NotFound'), message });

describe('isTransientFailure: no verdict of the server on the link', () => {
  it.each([
    [0, true],
    [408, true],
    [429, true],
    [499, false],
    [500, true],
    [501, true],
    [503, true],
    [400, false],
    [404, false],
    [410, false],
  ])('status %i: %s', (status, transient) => expect(isTransientFailure(new ApiError(status, null))).toBe(transient));

  it('calls nothing transient that is not an answer of the API client', () => {
    expect(isTransientFailure(new Error('HTTP 500'))).toBe(false);
    expect(isTransientFailure(undefined)).toBe(false);
  });
});

describe("serverMessageOf: the server's own words, for a 4xx refusal of the service only", () => {
  it.each([
    [refusal(400, 'Invitation expired'), 'Invitation expired'],
    [refusal(404, '  Not here \n'), 'Not here'],
    [refusal(499, 'Last 4xx'), 'Last 4xx'],
    [refusal(399, 'Redirected'), null],
    [refusal(500, 'Internal server error'), null],
    [refusal(404, '   '), null],
    [apiErrorOf('RateLimited'), null],
    [apiErrorOf('PayloadTooLarge'), null],
    [new ApiError(404, null), null],
    [new ApiError(0, null), null],
    [new ApiError(400, { ...apiErrorBody('NotFound'), message: undefined as never }), null],
    [new Error('Invitation expired'), null],
    [undefined, null],
  ])('%#: %j', (error, message) => expect(serverMessageOf(error)).toBe(message));
});
