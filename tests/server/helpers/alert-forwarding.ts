import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect } from 'vitest';
import { createUser, loginCookie, sameOrigin, startTestServer, type TestServer } from '#tests/support/server.ts';

/** The alert forwarding API (product.md §7) over real HTTP, on SQLite or PostgreSQL (DATABASE_URL). */
export let server: TestServer;
let users = 0;
let workDir: string;

/** One real server per test file (Vitest gives each file its own copy of this module). */
export function setupAlertForwardingServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    workDir = mkdtempSync(join(tmpdir(), 'alert-forwarding-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(workDir, { recursive: true, force: true });
  });
}

export function rsaKeyPair(bits = 2048) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

// One customer key for most tests: generating 2048-bit keys is the slow part of this file.
export const customer = rsaKeyPair();
export const WEBHOOK = 'https://alerts.customer.example/hook';

export function call(method: string, path: string, cookie: string | null, body?: unknown) {
  return fetch(`${server.url}/api/${path}`, {
    method,
    headers:
      body === undefined
        ? { origin: server.url, ...(cookie ? { cookie } : {}) }
        : sameOrigin(server, cookie ? { cookie } : {}),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export const configPath = (uid: string) => `alert_forwarding_config/${encodeURIComponent(uid)}`;
export const get = (cookie: string | null, uid: string) => call('GET', configPath(uid), cookie);
export const post = (cookie: string | null, uid: string, body: unknown) => call('POST', configPath(uid), cookie, body);
export const put = (cookie: string | null, uid: string, body: unknown) => call('PUT', configPath(uid), cookie, body);
export const remove = (cookie: string | null, uid: string) => call('DELETE', configPath(uid), cookie);
export const stopV3 = (cookie: string | null, body: unknown) => call('PUT', 'alert_forwarding_config', cookie, body);

export async function expectError(response: Response, status: number, code: string | number, name?: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ success: false, error: { code, ...(name ? { name } : {}) } });
}

export async function ok(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: any }).data;
}

/** A fresh account (its own group) with one credential, and the owner's cookie. */
export async function developer(
  options: { owner?: boolean; apiAccess?: boolean; companyId?: string | null; groupOfEmail?: string } = {},
) {
  const email = `af${++users}@example.com`;
  const user = await createUser(server, {
    email,
    owner: options.owner ?? true,
    apiAccess: options.apiAccess ?? true,
    companyId: options.companyId,
    groupOfEmail: options.groupOfEmail,
  });
  const cookie = await loginCookie(server, email);
  return { email, user, cookie };
}

export async function withCredential(options: Parameters<typeof developer>[0] = {}) {
  const dev = await developer(options);
  const grant = await ok(
    await call('POST', 'client_grant', dev.cookie, {
      grant_type: 'client_credentials',
      application_name: `Forwarder ${users}`,
    }),
  );
  return {
    ...dev,
    uid: grant.client_uid as string,
    credentialId: grant.id as string,
    name: grant.application_name as string,
  };
}

/** Runs the downloadable example exactly as the docs tell a customer to; answers its exit code and output. */
export async function decryptWithExample(
  example: unknown,
  privatePem: string,
  aesKeyHex: string,
  portalPublicPem: string,
) {
  const dir = mkdtempSync(join(workDir, 'run-'));
  writeFileSync(join(dir, 'alert.json'), JSON.stringify(example));
  writeFileSync(join(dir, 'private.pem'), privatePem);
  writeFileSync(join(dir, 'portal.pem'), portalPublicPem);
  const script = resolve('docs/api/alert-forwarding-decrypt.mjs');
  const args = [script, join(dir, 'alert.json'), join(dir, 'private.pem'), aesKeyHex, join(dir, 'portal.pem')];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, { timeout: 20_000 });
    return { code: 0, alert: JSON.parse(stdout) };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, alert: null, stdout: e.stdout, stderr: e.stderr };
  }
}

export async function rawRow(credentialId: string) {
  return server.db
    .selectFrom('alert_forwarding_configs')
    .selectAll()
    .where('client_id', '=', credentialId)
    .executeTakeFirst();
}

export function toStored(row: NonNullable<Awaited<ReturnType<typeof rawRow>>>) {
  return {
    clientId: row.client_id,
    url: row.url,
    groupPublicKey: row.group_public_key,
    portalPublicKey: row.portal_public_key,
    portalPrivateKeySealed: row.portal_private_key_sealed,
    aesKeySealed: row.aes_key_sealed,
  };
}
