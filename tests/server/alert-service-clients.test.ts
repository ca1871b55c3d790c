import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import { ingestAlert } from '#server/modules/alerts/alerts.service.ts';
import { createServiceClient } from '#server/modules/alerts/service-clients.service.ts';
import { ALERT_RETENTION_MS, purgeFinishedRows } from '#server/modules/maintenance/purge.repository.ts';
import { createUser, type TestServer } from '#tests/support/server.ts';
import { accountWithForwarding, alertBody, ingest, startAlertServer, tokenFor } from './helpers/alert-delivery.ts';

// Service clients are made, listed and deleted by the operator CLI only; finished alerts are purged after 30 days.

let server: TestServer;
beforeAll(async () => {
  server = await startAlertServer({ ALERT_DELIVERY_POLL_MS: '3600000' });
});
afterAll(() => server.close());

async function admin(...args: string[]) {
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: server.config.dataDir,
    LOG_LEVEL: 'silent',
    ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [resolve('server/cli/admin.ts'), ...args], {
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run admin -- create-service-client', () => {
  it('prints a client id and a secret that get an ingestion token; list shows it, delete ends its tokens', async () => {
    const created = await admin('create-service-client', '--name', 'Monitoring backend (eu)');
    expect(created.code).toBe(0);
    const fields = Object.fromEntries(
      created.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('=')),
    );
    expect(fields).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      client_secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      scope: 'internal:write',
    });
    expect(created.stderr).toContain('shown this once');
    const row = await server.db
      .selectFrom('oauth_clients')
      .selectAll()
      .where('client_id', '=', fields.client_id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toContain(fields.client_secret);
    expect([row.grant_type, row.created_by, row.application_name_key]).toEqual(['client_credentials', null, null]);
    // Its group is its own: no person belongs to it, so no portal page reaches the client.
    const members = await server.db.selectFrom('users').select('id').where('group_id', '=', row.group_id).execute();
    expect(members).toEqual([]);

    const user = await createUser(server, { email: 'cli-alerts@example.com', owner: true });
    const token = await tokenFor(server, fields.client_id, fields.client_secret);
    expect((await ingest(server, token, alertBody(user.id))).status).toBe(202);

    const listed = await admin('list-service-clients');
    expect(listed.stdout).toContain(fields.client_id);
    expect(listed.stdout).toContain('Monitoring backend (eu)');
    expect(listed.stdout).not.toContain(fields.client_secret);

    expect((await admin('delete-service-client', '--client-id', fields.client_id)).code).toBe(0);
    expect((await ingest(server, token, alertBody(user.id))).status).toBe(401);
    expect((await admin('delete-service-client', '--client-id', fields.client_id)).code).toBe(1);
  });

  it('refuses to make one without a name, and never deletes a customer credential', async () => {
    expect((await admin('create-service-client')).code).toBe(1);
    expect((await admin('create-service-client', '--name', ' ')).code).toBe(1);
    const account = await accountWithForwarding(server, []);
    await server.db
      .insertInto('oauth_clients')
      .values({
        id: crypto.randomUUID(),
        client_uid: 'uid-customer',
        client_id: 'customer-client',
        secret_hash: '0'.repeat(64),
        group_id: account.user.groupId,
        created_by: account.user.id,
        application_name: 'Customer app',
        application_name_key: 'customer app',
        grant_type: 'client_credentials',
        redirect_uris: null,
        scope: 'alert:read',
        created_at: Date.now(),
        last_used_at: null,
        secret_rotated_at: null,
      })
      .execute();
    expect((await admin('delete-service-client', '--client-id', 'customer-client')).code).toBe(1);
    expect(
      await server.db.selectFrom('oauth_clients').select('id').where('client_id', '=', 'customer-client').execute(),
    ).toHaveLength(1);
  });
});

describe('retention', () => {
  it('purges alerts 30 days after their deliveries ended, never one still being delivered', async () => {
    const account = await accountWithForwarding(server, ['https://alerts.customer.example/hook']);
    const sealer = createSealer(server.config.alertKeysSecret);
    const source = (await createServiceClient(server.db, { name: 'Purged backend' })).client;
    const now = Date.now();
    const old = now - ALERT_RETENTION_MS - 1;
    const handIn = async (at: number) =>
      (await ingestAlert(server.db, sealer, { sourceClientId: source.id, body: alertBody(account.user.id) }, at)).answer
        .alert_id;
    const [ended, waiting, recent] = [await handIn(old), await handIn(old), await handIn(now)];
    await server.db
      .updateTable('alert_deliveries')
      .set({ status: 'delivered' })
      .where('alert_id', 'in', [ended, recent])
      .execute();

    const counts = await purgeFinishedRows(server.db, now);
    expect(counts.alerts).toBe(1);
    const left = await server.db
      .selectFrom('alerts')
      .select('id')
      .where('id', 'in', [ended, waiting, recent])
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual([waiting, recent].sort());
    const deliveries = await server.db
      .selectFrom('alert_deliveries')
      .select('id')
      .where('alert_id', '=', ended)
      .execute();
    expect(deliveries).toEqual([]);
  });
});
