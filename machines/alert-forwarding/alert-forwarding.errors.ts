import type { AlertForwardingFieldProblem } from '#shared-domain/alert-forwarding.ts';
import { isApiError } from '#shared-domain/api-error.ts';
import { type RequestProblem, requestProblemOf } from '../shared/request-problem.ts';

/** Every failure the alert forwarding page can show; the view translates each through the one message table. */
export type AlertForwardingError =
  | AlertForwardingFieldProblem
  | 'NoAlertConfig'
  | 'AlertForwardingAlreadyConfigured'
  | 'CredentialNotFound'
  | 'AlertDeliveryNotFailed'
  | 'AlertDeliveryNotFound'
  | 'AnErrorOccured';

/**
 * A code of the page's own, or a refusal of the request itself, which the page words (too many key issues and the
 * wait, a field over its limit): the server says those in English only.
 */
export type AlertForwardingFailure = AlertForwardingError | RequestProblem;

/**
 * product.md §4: code 9 sends the reader to /pages/access-denied; so does 80, the owner of a group without API access.
 */
export function isAccessDeniedFailure(error: unknown): boolean {
  return isApiError(error) && (error.errorName === 'NotOwner' || error.errorName === 'AccessDenied');
}

/** product.md §4: code 28 is not a failure but the not-configured view. */
export function isNotConfiguredFailure(error: unknown): boolean {
  return isApiError(error) && error.errorName === 'NoAlertConfig';
}

/**
 * Any failure but a 401 (which goes to log in again), by the server's error name (docs/decisions/0016), a refusal of
 * the request itself among them.
 */
export function alertForwardingFailureFrom(error: unknown): AlertForwardingFailure {
  if (!isApiError(error)) return 'AnErrorOccured';
  switch (error.errorName) {
    case 'InvalidForwardAlertWebhook':
      return 'InvalidForwardAlertWebhook';
    case 'InvalidRsaPublicKey':
      return 'InvalidRsaPublicKey';
    case 'AlertForwardingAlreadyConfigured':
      return 'AlertForwardingAlreadyConfigured';
    case 'AlertDeliveryNotFailed':
      return 'AlertDeliveryNotFailed';
    case 'AlertDeliveryNotFound':
      return 'AlertDeliveryNotFound';
    // Stryker disable next-line ConditionalExpression: without the default the switch falls out the same way.
    default:
      break;
  }
  const problem = requestProblemOf(error);
  if (problem) return problem;
  if (error.errorName === 'NoAlertConfig') return 'NoAlertConfig';
  if (error.errorName === 'ClientNotFound') return 'CredentialNotFound';
  return 'AnErrorOccured';
}
