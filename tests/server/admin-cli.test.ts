import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie, startTestServer, type TestServer } from '../support/server.ts';

const run = promisify(execFile);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// The CLI works on the running server's database, as an operator would.
async function admin(...args: string[]) {
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: server.config.dataDir,
    LOG_LEVEL: 'silent',
    ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
  };
  try {
    const { stdout, stderr } = await run(process.execPath, [resolve('server/cli/admin.ts'), ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run admin', () => {
  it('create-user makes a verified owner who can log in, and prints the id', async () => {
    const result = await admin(
      'create-user',
      '--email',
      'Cli@Example.com',
      '--name',
      'Cli User',
      '--password',
      'Secret1234',
      '--owner',
      '--api-access',
    );
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = await loginCookie(server, 'cli@example.com', 'Secret1234');
    const session = await (await fetch(`${server.url}/api/session`, { headers: { cookie } })).json();
    expect(session.data.user).toEqual({
      email: 'Cli@Example.com',
      name: 'Cli User',
      apiAccess: true,
      isGroupOwner: true,
    });
  });

  it('--group-of adds a secondary user to the owner group', async () => {
    const result = await admin(
      'create-user',
      '--email',
      'second@example.com',
      '--name',
      'Second',
      '--password',
      'Secret1234',
      '--group-of',
      'cli@example.com',
    );
    expect(result.code).toBe(0);
    const cookie = await loginCookie(server, 'second@example.com', 'Secret1234');
    const session = await (await fetch(`${server.url}/api/session`, { headers: { cookie } })).json();
    expect(session.data.user).toMatchObject({ apiAccess: true, isGroupOwner: false });
  });

  it.each([
    [['--password', 'short1A'], 'PASSWORD_NOT_ENOUGH_LENGTH'],
    [['--password', 'nouppercase1'], 'PASSWORD_NO_UPPERCASE'],
    [['--password', 'NoDigitsHere'], 'PASSWORD_NO_DIGIT'],
  ])('rejects a weak password %j with %s and a non-zero exit', async (extra, code) => {
    const result = await admin('create-user', '--email', 'weak@example.com', '--name', 'Weak', ...extra);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(code);
  });

  it('rejects a duplicate email, missing options and unknown commands', async () => {
    const duplicate = await admin(
      'create-user',
      '--email',
      'CLI@example.com',
      '--name',
      'Again',
      '--password',
      'Secret1234',
    );
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stderr).toMatch(/already exists/);
    const missing = await admin('create-user', '--email', 'x@example.com');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/--name, --password/);
    expect((await admin('frobnicate')).code).not.toBe(0);
  });

  it('invite prints the invitation link, which signs the invitee up into the owner group', async () => {
    const result = await admin('invite', '--email', 'Guest@example.com', '--group-of', 'CLI@example.com');
    expect(result.code).toBe(0);
    const link = new URL(result.stdout.trim());
    expect(link.pathname).toBe('/pages/signup/invited');
    expect(link.searchParams.get('email')).toBe('Guest@example.com');
    const signup = await fetch(
      `${server.url}/api/signup/invite?invitation_token=${link.searchParams.get('invitation_token')}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'guest@example.com',
          password: 'Secret1234',
          friendly_name: 'Guest',
          accept_terms: true,
          language: 'en-us',
        }),
      },
    );
    expect(signup.status).toBe(200);
    const cookie = await loginCookie(server, 'guest@example.com', 'Secret1234');
    const session = await (await fetch(`${server.url}/api/session`, { headers: { cookie } })).json();
    expect(session.data.user).toMatchObject({ apiAccess: true, isGroupOwner: false });
  });

  it('invite refuses a group-of that owns no group, and missing options', async () => {
    const notOwner = await admin('invite', '--email', 'x@example.com', '--group-of', 'second@example.com');
    expect(notOwner.code).not.toBe(0);
    expect(notOwner.stderr).toMatch(/No group owner/);
    expect((await admin('invite', '--email', 'x@example.com')).code).not.toBe(0);
  });

  it('list-users shows the users', async () => {
    const result = await admin('list-users');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Cli@Example.com');
    expect(result.stdout).toContain('second@example.com');
  });
});
