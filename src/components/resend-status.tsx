import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestProblem } from '#machines/shared/request-problem.ts';
import type { ResendStep } from '#machines/shared/resend-verification.ts';
import { accountErrors } from '../lib/account-errors.ts';
import { requestProblemText } from '../lib/failure-text.ts';
import { StatusMessage } from './status-message.tsx';

/**
 * The outcome of sending the verification mail again, on every page that offers it; `problem` is the machine's
 * `resendProblem`, the refusal of a failed resend that has words of its own (too many requests and the wait).
 */
export function ResendStatus({ step, problem = null }: { step: ResendStep | null; problem?: RequestProblem | null }) {
  const { i18n } = useLingui();
  if (step === 'resent') {
    return (
      <StatusMessage kind="success">
        <Trans>We have sent the verification email again. Please check your inbox.</Trans>
      </StatusMessage>
    );
  }
  if (step === 'alreadyVerified') {
    return (
      <StatusMessage kind="success">
        <Trans>Your account is already active: sign in with your email and password.</Trans>
      </StatusMessage>
    );
  }
  if (step === 'resendFailed') {
    return (
      <StatusMessage kind="error">
        {problem
          ? requestProblemText(i18n, problem)
          : i18n._(accountErrors.AnErrorOccuredWhenResendingVerificationEmail)}
      </StatusMessage>
    );
  }
  return null;
}
