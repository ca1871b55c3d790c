/**
 * The consent and Alexa Together pages arrive with the pending request on screen: the server renders them with the
 * description GET /api/consent/request would give this user, and sends it along for the SPA's first render. Only
 * for the request's own user; never from the query; never kept by a cache. Needs the real build (`npm test` builds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enabledButtons } from '../support/first-screen.ts';
import {
  authorizeUrl,
  navigate,
  registerClient,
  startOAuthTestServer,
  type TestClient,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

let server: TestServer;
let care: TestClient;
let ownerCookie: string;
let otherCookie: string;

beforeAll(async () => {
  server = await startOAuthTestServer();
  const developer = await createUser(server, {
    email: 'dev@example.com',
    name: 'Dana Developer',
    owner: true,
    apiAccess: true,
  });
  care = await registerClient(server, developer, { grantType: 'authorization_code', applicationName: 'Care App' });
  await createUser(server, { email: 'owner@example.com', name: 'Olivia Owner', owner: true });
  await createUser(server, { email: 'other@example.com', name: 'Oscar Other', owner: true });
  ownerCookie = await loginCookie(server, 'owner@example.com');
  otherCookie = await loginCookie(server, 'other@example.com');
});
afterAll(() => server.close());

/** The consent page address the authorize endpoint sends this user to, with a name of the link's own added. */
async function consentPath(scope = 'user:read alert:read'): Promise<string> {
  const { location } = await navigate(await authorizeUrl(server, { client: care, scope }), ownerCookie);
  expect(location).toMatch(/^\/pages\/consent\?request=/);
  return `${location}&application_name=Official%20Portal%20Mobile%20App`;
}

async function document(path: string, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie, 'accept-language': 'en' } : {} });
  return { cacheControl: response.headers.get('cache-control'), html: await response.text() };
}

const sentData = (html: string) => {
  const block = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]) as { url: string; data: unknown }) : null;
};
const rootOf = (html: string) => /<div id="root"([^>]*)>([\s\S]*)<\/div>\s*<\/body>/.exec(html)!;

describe('the consent page as its user opens it', () => {
  it('shows the registered application at once, with the description the API gives, and is kept by no cache', async () => {
    const path = await consentPath();
    const { html, cacheControl } = await document(path, ownerCookie);
    const [, attributes, markup] = rootOf(html);
    expect(markup).toContain('Allow Care App to access your account?');
    expect(markup).toContain('Dana Developer');
    expect(markup).not.toContain('Official Portal Mobile App');
    // Cancel and Accept are there, and pressable only once the scripts have the page.
    expect(markup).toMatch(/<button[^>]*>[\s\S]*?Accept/);
    expect(enabledButtons(markup)).toEqual([]);
    expect(attributes).toContain('data-url="/pages/consent?request=');
    const query = new URL(path, server.url).searchParams;
    const api = await fetch(
      `${server.url}/api/consent/request?${new URLSearchParams({
        request: query.get('request')!,
        client_id: query.get('client_id')!,
        redirect_uri: query.get('redirect_uri')!,
        scope: query.get('scope')!,
      })}`,
      { headers: { cookie: ownerCookie } },
    );
    expect(sentData(html)).toEqual({ url: path, data: ((await api.json()) as { data: unknown }).data });
    expect(cacheControl).toBe('no-store');
  });

  it.each([
    ['nobody signed in', undefined],
    ['another user', 'other'],
  ])('for %s: no description, the page asks itself (and shows the failure as always)', async (_who, cookie) => {
    const path = await consentPath();
    const { html, cacheControl } = await document(path, cookie === 'other' ? otherCookie : cookie);
    expect(sentData(html)).toBeNull();
    expect(rootOf(html)[2]).not.toContain('Care App');
    expect(rootOf(html)[2]).toContain('Authorize an application');
    expect(cacheControl).toBe('no-cache');
  });

  it('sends nothing for a handle that names no request', async () => {
    const { html } = await document('/pages/consent?request=forged', ownerCookie);
    expect(sentData(html)).toBeNull();
  });
});
