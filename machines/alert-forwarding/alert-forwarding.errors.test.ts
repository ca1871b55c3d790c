import { describe, expect, it } from 'vitest';
import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import { alertForwardingFailureFrom } from './alert-forwarding.errors.ts';

describe("alertForwardingFailureFrom: the alert forwarding page's message for a failure", () => {
  it.each([
    ['InvalidForwardAlertWebhook', 'InvalidForwardAlertWebhook'],
    ['InvalidRsaPublicKey', 'InvalidRsaPublicKey'],
    ['AlertForwardingAlreadyConfigured', 'AlertForwardingAlreadyConfigured'],
    ['NoAlertConfig', 'NoAlertConfig'],
    ['ClientNotFound', 'CredentialNotFound'],
    ['InternalError', 'AnErrorOccured'],
  ] as const)('%s: %s', (name, failure) => expect(alertForwardingFailureFrom(apiErrorOf(name))).toBe(failure));

  it('says a refusal of the request itself as such, and a failure without an answer in general words', () => {
    expect(alertForwardingFailureFrom(apiErrorOf('PayloadTooLarge'))).toEqual({ code: 'RequestTooLarge' });
    expect(alertForwardingFailureFrom(new ApiError(0, null))).toBe('AnErrorOccured');
    expect(alertForwardingFailureFrom(new Error('offline'))).toBe('AnErrorOccured');
    expect(alertForwardingFailureFrom(undefined)).toBe('AnErrorOccured');
  });
});
