import type { SignupValidationCode } from '#shared-domain/account.ts';
import type { ErrorName } from '#shared-domain/error-catalogue.ts';
import { ValidationCode } from '#shared-domain/error-codes.ts';
import { type AppError, appError } from '../errors.ts';
import type { ServerTexts } from '../i18n/types.ts';

// The account-lifecycle errors, each with its message in the request's language: the signup and password pages show
// server messages as they come (product.md §8). Status and code come from the catalogue by name.

const VALIDATION_NAMES: Record<SignupValidationCode, ErrorName> = {
  [ValidationCode.MISSING_EMAIL]: 'MissingEmail',
  [ValidationCode.EMAIL_INCORRECT_FORMAT]: 'EmailInIncorrectFormat',
  [ValidationCode.MISSING_PASSWORD]: 'MissingPassword',
  [ValidationCode.PASSWORD_NOT_ENOUGH_LENGTH]: 'PASSWORD_NOT_ENOUGH_LENGTH',
  [ValidationCode.PASSWORD_NO_DIGIT]: 'PASSWORD_NO_DIGIT',
  [ValidationCode.PASSWORD_NO_UPPERCASE]: 'PASSWORD_NO_UPPERCASE',
  [ValidationCode.PASSWORD_NO_LOWERCASE]: 'PASSWORD_NO_LOWERCASE',
  [ValidationCode.MISSING_NAME]: 'MissingName',
  [ValidationCode.MISSING_ACCEPT_TERM_AND_CONDITIONS]: 'MissingAcceptTermAndConditions',
};

/** The catalogue's name of a form rule's code (product.md §5). */
export function validationName(code: SignupValidationCode): ErrorName {
  return VALIDATION_NAMES[code];
}

export function validationError(code: SignupValidationCode, t: ServerTexts): AppError {
  return appError(VALIDATION_NAMES[code], { message: t.errors.validation[code] });
}

export function captchaInvalid(t: ServerTexts): AppError {
  return appError('CaptchaInvalid', { message: t.errors.captchaInvalid });
}

export function emailAlreadyRegistered(t: ServerTexts): AppError {
  return appError('EmailAlreadyRegistered', { message: t.errors.emailAlreadyRegistered });
}

export function alreadyVerified(t: ServerTexts): AppError {
  return appError('AlreadyVerified', { message: t.errors.alreadyVerified });
}

export function emailNotRegistered(t: ServerTexts): AppError {
  return appError('EmailNotRegistered', { message: t.errors.emailNotRegistered });
}

export function accountNotVerified(t: ServerTexts): AppError {
  return appError('AccountNotVerified', { message: t.errors.accountNotVerified });
}

export function notOwner(t: ServerTexts): AppError {
  return appError('NotOwner', { message: t.errors.notOwner });
}
