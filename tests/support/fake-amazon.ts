import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A small stand-in for Login with Amazon on 127.0.0.1: the authorize endpoint approves at once with the configured
 * profile, the token endpoint checks client credentials, redirect URI and PKCE (S256) like Amazon does, and the
 * profile endpoint answers for the access tokens it issued.
 */
export interface FakeAmazonProfile {
  user_id: string;
  email: string;
  name: string;
}

export interface FakeAmazon {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  clientId: string;
  clientSecret: string;
  /** The profile the next approval signs in as. */
  profile: FakeAmazonProfile;
  /** Token requests seen, for assertions. */
  tokenRequests: URLSearchParams[];
  /** Approves an authorization for `profile` and returns the code, as following the authorize redirect would. */
  approve(input: { redirectUri: string; codeChallenge: string; profile?: FakeAmazonProfile }): string;
  close(): Promise<void>;
}

interface PendingCode {
  redirectUri: string;
  codeChallenge: string;
  profile: FakeAmazonProfile;
}

export async function startFakeAmazon(profile: FakeAmazonProfile): Promise<FakeAmazon> {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, FakeAmazonProfile>();
  const clientId = 'amzn1.application-oa2-client.test';
  const clientSecret = randomBytes(16).toString('hex');
  const fake = { profile, tokenRequests: [] as URLSearchParams[] } as FakeAmazon;

  const approve: FakeAmazon['approve'] = (input) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      redirectUri: input.redirectUri,
      codeChallenge: input.codeChallenge,
      profile: input.profile ?? fake.profile,
    });
    return code;
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    try {
      if (req.method === 'GET' && url.pathname === '/ap/oa') return authorize(url, res);
      if (req.method === 'POST' && url.pathname === '/auth/o2/token') return token(await form(req), res);
      if (req.method === 'GET' && url.pathname === '/user/profile') return userProfile(req, res);
      json(res, 404, { error: 'not_found' });
    } catch {
      json(res, 500, { error: 'server_error' });
    }
  });

  function authorize(url: URL, res: ServerResponse) {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== clientId || url.searchParams.get('code_challenge_method') !== 'S256') {
      return json(res, 400, { error: 'invalid_request' });
    }
    const code = approve({ redirectUri, codeChallenge: url.searchParams.get('code_challenge') ?? '' });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    const state = url.searchParams.get('state');
    if (state) target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString() }).end();
  }

  function token(params: URLSearchParams, res: ServerResponse) {
    fake.tokenRequests.push(params);
    if (params.get('client_id') !== clientId || params.get('client_secret') !== clientSecret) {
      return json(res, 401, { error: 'invalid_client' });
    }
    const pending = codes.get(params.get('code') ?? '');
    codes.delete(params.get('code') ?? '');
    const verifier = params.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      params.get('grant_type') !== 'authorization_code' ||
      !pending ||
      pending.redirectUri !== params.get('redirect_uri') ||
      pending.codeChallenge !== challenge
    ) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'The authorization code is invalid' });
    }
    const accessToken = `Atza|${randomBytes(16).toString('hex')}`;
    tokens.set(accessToken, pending.profile);
    json(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600, refresh_token: 'Atzr|x' });
  }

  function userProfile(req: IncomingMessage, res: ServerResponse) {
    const auth = req.headers.authorization ?? '';
    const found = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
    if (!found) return json(res, 401, { error: 'invalid_token' });
    json(res, 200, found);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Amazon has no address');
  const url = `http://127.0.0.1:${address.port}`;
  return Object.assign(fake, {
    url,
    authorizeUrl: `${url}/ap/oa`,
    tokenUrl: `${url}/auth/o2/token`,
    profileUrl: `${url}/user/profile`,
    clientId,
    clientSecret,
    approve,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function form(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
