import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from './api-error.ts';
import { apiErrorBody } from './error-body.ts';

describe('apiErrorBody: the wire body of a refusal', () => {
  it('is a failure naming its refusal, with data only when given', () => {
    expect(apiErrorBody('NotFound')).toEqual({
      success: false,
      message: 'Not found',
      error: { code: 'NOT_FOUND', name: 'NotFound' },
    });
    expect(apiErrorBody('NotFound', { id: 'x' }).error.data).toEqual({ id: 'x' });
  });
});

describe('ApiError: what the client throws for a refusal or a failed request', () => {
  it('reads the refusal from the server body', () => {
    const error = new ApiError(401, apiErrorBody('AccountLocked', { account_lock_timeout: 30 }));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe(apiErrorBody('AccountLocked').message);
    expect(error.isNetworkFailure).toBe(false);
    expect(error.errorName).toBe('AccountLocked');
    expect(error.code).toBe(78);
    expect(error.data).toEqual({ account_lock_timeout: 30 });
    expect(isApiError(error)).toBe(true);
  });

  it('says a request that got no answer failed on the network, and names a status without body', () => {
    const network = new ApiError(0, null);
    expect(network.isNetworkFailure).toBe(true);
    expect(network.message).toBe('Network failure');
    expect(new ApiError(502, null).message).toBe('HTTP 502');
    expect(new ApiError(502, null).isNetworkFailure).toBe(false);
    for (const error of [network, new ApiError(502, null)]) {
      expect(error.code).toBeUndefined();
      expect(error.errorName).toBeUndefined();
      expect(error.data).toEqual({});
    }
  });

  it('reads a body whose error is null (JSON the client lets through from a proxy) as one without a refusal', () => {
    const error = new ApiError(400, { success: false, message: 'Bad gateway body', error: null } as never);
    expect(error.message).toBe('Bad gateway body');
    expect(error.code).toBeUndefined();
    expect(error.errorName).toBeUndefined();
    expect(error.data).toEqual({});
  });

  it('is told apart from any other error', () => {
    expect(isApiError(new Error('HTTP 500'))).toBe(false);
    expect(isApiError({ status: 500, body: null })).toBe(false);
  });
});
