import { isApiError } from '../../shared-domain/api-error.ts';
import type { RedirectUrisProblem } from '../../shared-domain/credentials.ts';

/** Every failure the create-grant form can show; the view translates each through the one message table. */
export type CreateGrantErrorCode = RedirectUrisProblem | 'ApplicationNameTaken' | 'ClientLimitExceeded' | 'AnErrorOccured';

/** Spec §8: a create-grant failure is translated by the server's error name, or shown as a generic message. */
export function createGrantFailureFrom(error: unknown): CreateGrantErrorCode {
  if (!isApiError(error)) return 'AnErrorOccured';
  switch (error.body?.error?.name) {
    case 'ApplicationNameTaken':
      return 'ApplicationNameTaken';
    case 'ClientLimitExceeded':
      return 'ClientLimitExceeded';
    case 'InvalidRedirectUri':
      return 'InvalidRedirectUri';
    default:
      return 'AnErrorOccured';
  }
}
