import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DEFAULT_TEST_PASSWORD, type TestServer } from '#tests/support/server.ts';

/** Helpers for the account-lifecycle API tests: real HTTP, the SPA's wire format. */

export interface Answer {
  status: number;
  body: any;
}

type Query = Record<string, string | undefined>;

function url(server: Pick<TestServer, 'url'>, path: string, query: Query = {}): string {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  const qs = params.toString();
  return `${server.url}${path}${qs ? `?${qs}` : ''}`;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export async function get(
  server: Pick<TestServer, 'url'>,
  path: string,
  query?: Query,
  cookie?: string,
): Promise<Answer> {
  return answer(await fetch(url(server, path, query), { headers: cookie ? { cookie } : {} }));
}

export async function send(
  server: Pick<TestServer, 'url'>,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
  options: { query?: Query; cookie?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: server.url };
  if (options.cookie) headers.cookie = options.cookie;
  return answer(await fetch(url(server, path, options.query), { method, headers, body: JSON.stringify(body) }));
}

/** Fetches a challenge and solves it as the ALTCHA widget would; the result is the widget's payload. */
export async function solveCaptcha(server: Pick<TestServer, 'url'>): Promise<string> {
  const challenge = (await (await fetch(`${server.url}/api/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface SignupFields {
  email: string;
  password?: string;
  friendly_name?: string;
  accept_terms?: boolean;
  language?: string;
}

export function signupForm(fields: SignupFields) {
  return {
    password: DEFAULT_TEST_PASSWORD,
    friendly_name: 'Ann',
    accept_terms: true,
    language: 'en-us',
    ...fields,
  };
}

/** POST /api/signup/new with a freshly solved captcha unless one is given. */
export async function signUp(
  server: Pick<TestServer, 'url'>,
  fields: SignupFields,
  captchaToken?: string,
): Promise<Answer> {
  const captcha_token = captchaToken ?? (await solveCaptcha(server));
  return send(server, 'POST', '/api/signup/new', { ...signupForm(fields), captcha_token });
}

export async function login(
  server: Pick<TestServer, 'url'>,
  username: string,
  password = DEFAULT_TEST_PASSWORD,
): Promise<Answer> {
  return send(server, 'POST', '/api/login', { username, password });
}
