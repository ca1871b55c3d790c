import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { type RequestProblem, requestProblemOf } from '#machines/shared/request-problem.ts';
import { serverMessageOf } from '#machines/shared/server-message.ts';
import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import '#tests/support/render.tsx';
import { requestProblemText } from './failure-text.ts';

const field = (name: string | null, problem: string, limit?: number) =>
  new ApiError(400, {
    ...apiErrorBody('ValidationError', {
      field: name,
      problem,
      ...(limit ? { limit } : {}),
      issues: [],
    }),
    message: 'English for logs',
  });

describe('refusals of the request, worded by the page', () => {
  it.each([
    [
      'a rate limit with its wait',
      apiErrorOf('RateLimited', { retry_after_seconds: 61 }),
      'Too many attempts. Try again in 1 min 1 s.',
    ],
    ['a rate limit without one', apiErrorOf('RateLimited'), 'Too many attempts. Please try again later.'],
    ['a name over its limit', field('friendly_name', 'too_long', 100), 'Name: at most 100 characters'],
    [
      'an application name over its limit',
      field('application_name', 'too_long', 100),
      'Application name: at most 100 characters',
    ],
    ['too many redirect URIs', field('redirect_uris', 'too_many', 10), 'Redirect URIs: at most 10 entries'],
    ['a password too short', field('password', 'too_short', 10), 'Password: at least 10 characters'],
    ['a wrong type', field('username', 'invalid'), 'Email: this value is not valid'],
    ['a field no form shows, too long', field('captcha_token', 'too_long', 16384), 'What you entered is too long'],
    ['an unknown field', field('admin', 'unknown_field'), 'The request was not valid, please try again'],
    ['a body that is no object', field(null, 'invalid'), 'The request was not valid, please try again'],
    ['a body too large', apiErrorOf('PayloadTooLarge'), 'What you entered is too long'],
    ['malformed JSON', apiErrorOf('BadRequest'), 'The request was not valid, please try again'],
    ['another origin', apiErrorOf('ForbiddenOrigin'), 'The request was not valid, please try again'],
  ])('%s', (_label, error, text) => {
    const problem = requestProblemOf(error) as RequestProblem;
    expect(problem).not.toBeNull();
    expect(requestProblemText(i18n, problem)).toBe(text);
    // The server's English is never the page's message.
    expect(serverMessageOf(error)).toBeNull();
  });

  it.each([
    ['a service rule under VALIDATION_ERROR', apiErrorOf('InvalidForwardAlertWebhook')],
    ['a service refusal under BAD_REQUEST', apiErrorOf('AmazonLoginFailed')],
    [
      'a signup rule',
      new ApiError(409, {
        ...apiErrorBody('EmailAlreadyRegistered'),
        message: 'Déjà inscrit',
      }),
    ],
    ['no answer', new ApiError(0, null)],
  ])('leaves %s to its flow', (_label, error) => {
    expect(requestProblemOf(error)).toBeNull();
  });
});
