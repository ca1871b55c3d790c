import type { PasswordValidationCode } from '../../shared-domain/password.ts';
import { serverMessageOf } from '../shared/server-message.ts';

/** What the new-password form can show: a rule the password breaks, or a failed change. */
export interface PasswordResetFailure {
  code: PasswordValidationCode | 'AnErrorOccured';
  /** Spec §8 "Change failure: server message": shown as it comes when the server sent one. */
  serverMessage: string | null;
}

export function changeFailureFrom(error: unknown): PasswordResetFailure {
  return { code: 'AnErrorOccured', serverMessage: serverMessageOf(error) };
}
