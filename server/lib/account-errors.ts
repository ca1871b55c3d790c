import type { SignupValidationCode } from '../../shared-domain/account.ts';
import { GenericCode, ServerCode, ValidationCode } from '../../shared-domain/error-codes.ts';
import { AppError } from '../errors.ts';
import type { ServerTexts } from '../i18n/types.ts';

// The account-lifecycle errors, each with its message in the request's language: the signup and password pages show
// server messages as they come (product.md §8). Names are the stable identifiers; codes are what clients branch on.

const VALIDATION_NAMES: Partial<Record<SignupValidationCode, string>> = {
  [ValidationCode.MISSING_EMAIL]: 'MissingEmail',
  [ValidationCode.EMAIL_INCORRECT_FORMAT]: 'EmailInIncorrectFormat',
  [ValidationCode.MISSING_PASSWORD]: 'MissingPassword',
  [ValidationCode.MISSING_NAME]: 'MissingName',
  [ValidationCode.MISSING_ACCEPT_TERM_AND_CONDITIONS]: 'MissingAcceptTermAndConditions',
};

export function validationError(code: SignupValidationCode, t: ServerTexts): AppError {
  return new AppError(400, VALIDATION_NAMES[code] ?? code, { code, message: t.errors.validation[code] });
}

export function captchaInvalid(t: ServerTexts): AppError {
  return new AppError(400, 'CaptchaInvalid', { code: GenericCode.CAPTCHA_INVALID, message: t.errors.captchaInvalid });
}

export function emailAlreadyRegistered(t: ServerTexts): AppError {
  return new AppError(409, 'EmailAlreadyRegistered', {
    code: GenericCode.EMAIL_ALREADY_REGISTERED,
    message: t.errors.emailAlreadyRegistered,
  });
}

export function alreadyVerified(t: ServerTexts): AppError {
  return new AppError(400, 'AlreadyVerified', { code: GenericCode.ALREADY_VERIFIED, message: t.errors.alreadyVerified });
}

export function emailNotRegistered(t: ServerTexts): AppError {
  return new AppError(401, 'EmailNotRegistered', {
    code: ServerCode.EmailNotRegistered,
    message: t.errors.emailNotRegistered,
  });
}

export function accountNotVerified(t: ServerTexts): AppError {
  return new AppError(403, 'AccountNotVerified', {
    code: ServerCode.AccountNotVerified,
    message: t.errors.accountNotVerified,
  });
}

export function notOwner(t: ServerTexts): AppError {
  return new AppError(403, 'NotOwner', { code: ServerCode.NotOwner, message: t.errors.notOwner });
}
