import { describe, expect, it } from 'vitest';
import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import { isRequestProblem, requestProblemOf } from './request-problem.ts';

describe('requestProblemOf: a refusal of how the request was made, which the page words itself', () => {
  it.each([
    [{ retry_after_seconds: 60 }, 60],
    [{ retry_after_seconds: 0.2 }, 1],
    [{ retry_after_seconds: '30' }, 30],
    [{ retry_after_seconds: 0 }, null],
    [{ retry_after_seconds: -5 }, null],
    [{ retry_after_seconds: 'soon' }, null],
    [{ retry_after_seconds: Number.POSITIVE_INFINITY }, null],
    [undefined, null],
  ])('a rate limit with %j waits %s seconds', (data, seconds) => {
    expect(requestProblemOf(apiErrorOf('RateLimited', data))).toEqual({
      code: 'RateLimited',
      retryAfterSeconds: seconds,
    });
  });

  it('names a body too large, and a schema refusal by its first field', () => {
    expect(requestProblemOf(apiErrorOf('PayloadTooLarge'))).toEqual({ code: 'RequestTooLarge' });
    const issue = { field: 'name', problem: 'too_long', limit: 100 };
    expect(requestProblemOf(apiErrorOf('ValidationError', { ...issue, issues: [issue] }))).toEqual({
      code: 'FieldProblem',
      ...issue,
    });
    expect(requestProblemOf(apiErrorOf('ValidationError', { field: null, problem: 'invalid', issues: [] }))).toEqual({
      code: 'FieldProblem',
      field: null,
      problem: 'invalid',
      limit: null,
    });
  });

  it.each(['BadRequest', 'UnsupportedMediaType', 'ForbiddenOrigin'] as const)(
    'says %s is a refused request',
    (name) => {
      expect(requestProblemOf(apiErrorOf(name))).toEqual({ code: 'RequestRefused' });
    },
  );

  it('says a schema refusal without facts it can word is a refused request', () => {
    expect(requestProblemOf(apiErrorOf('ValidationError'))).toEqual({ code: 'RequestRefused' });
  });

  it("leaves every service's own refusal, and failures without a body, to the flow", () => {
    for (const error of [
      apiErrorOf('InvalidEmailOrPassword'),
      apiErrorOf('MissingEmail'),
      apiErrorOf('InternalError'),
      new ApiError(429, null),
      new ApiError(400, null),
      new ApiError(0, null),
      new Error('Bad Request'),
      undefined,
    ]) {
      expect(requestProblemOf(error)).toBeNull();
    }
  });

  it('reads the name, not the code: a service rule under the generic code is no refused request', () => {
    const body = apiErrorBody('BadRequest');
    const ownRule = new ApiError(400, { ...body, error: { ...body.error, name: 'InvalidScope' as never } });
    expect(requestProblemOf(ownRule)).toBeNull();
  });
});

describe('isRequestProblem', () => {
  it('tells the four problems from a flow code', () => {
    for (const code of ['RateLimited', 'FieldProblem', 'RequestTooLarge', 'RequestRefused']) {
      expect(isRequestProblem({ code }), code).toBe(true);
    }
    for (const value of [{ code: 'AnErrorOccured' }, { code: '' }, {}, null, undefined, 'RateLimited']) {
      expect(isRequestProblem(value), String(value)).toBe(false);
    }
  });
});
