import { Trans, useLingui } from '@lingui/react/macro';
import type { ResendStep } from '../../machines/shared/resend-verification.ts';
import { errorMessages } from '../lib/error-messages.ts';
import { StatusMessage } from './status-message.tsx';

/** The outcome of sending the verification mail again, on every page that offers it. */
export function ResendStatus({ step }: { step: ResendStep | null }) {
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
    return <StatusMessage kind="error">{i18n._(errorMessages.AnErrorOccuredWhenResendingVerificationEmail)}</StatusMessage>;
  }
  return null;
}
