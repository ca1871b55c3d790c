import { isApiError } from '../../shared-domain/api-error.ts';
import type { AlertForwardingFieldProblem } from '../../shared-domain/alert-forwarding.ts';
import { GenericCode, ServerCode } from '../../shared-domain/error-codes.ts';

/** Every failure the alert forwarding page can show; the view translates each through the one message table. */
export type AlertForwardingError =
  | AlertForwardingFieldProblem
  | 'NoAlertConfig'
  | 'AlertForwardingAlreadyConfigured'
  | 'CredentialNotFound'
  | 'AnErrorOccured';

/** Spec §4: code 9 sends the reader to /pages/access-denied; so does 80, the owner of a group without API access. */
export function isAccessDeniedFailure(error: unknown): boolean {
  return isApiError(error) && (error.code === ServerCode.NotOwner || error.code === ServerCode.AccessDenied);
}

/** Spec §4: code 28 is not a failure but the not-configured view. */
export function isNotConfiguredFailure(error: unknown): boolean {
  return isApiError(error) && error.code === ServerCode.NoAlertConfig;
}

/** Any failure but a 401 (which goes to log in again), by the server's error name, else by its code. */
export function alertForwardingFailureFrom(error: unknown): AlertForwardingError {
  if (!isApiError(error)) return 'AnErrorOccured';
  switch (error.body?.error?.name) {
    case 'InvalidForwardAlertWebhook':
      return 'InvalidForwardAlertWebhook';
    case 'InvalidRsaPublicKey':
      return 'InvalidRsaPublicKey';
    case 'AlertForwardingAlreadyConfigured':
      return 'AlertForwardingAlreadyConfigured';
    default:
      break;
  }
  if (error.code === ServerCode.NoAlertConfig) return 'NoAlertConfig';
  if (error.code === GenericCode.NOT_FOUND) return 'CredentialNotFound';
  return 'AnErrorOccured';
}
