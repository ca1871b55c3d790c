/**
 * Alert delivery as an integrator meets it, in Chromium against the real server and its delivery worker: set up with
 * a key made here, run the downloadable example as the webhook receiver, Send test alert, read the delivery log through
 * an outage of the receiver and its return, and see that keys acquired anew leave the old ones opening nothing.
 *
 * The receiver listens on this machine. The page refuses such a webhook by design (shared-domain/alert-forwarding.ts:
 * a public https host only), and only the server has a test switch for it (ALERT_WEBHOOK_ALLOW_LOOPBACK); so the
 * test types a public address into the form and rewrites that one field of the page's request on its way out.
 * Everything else is what a user does.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, launchBrowser, openPage, startE2eServer } from '../support/browser.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '../support/server.ts';

const EXAMPLE_SCRIPT = resolve('docs/api/alert-forwarding-decrypt.mjs');
const TYPED_WEBHOOK = 'https://alerts.customer.example/hook';

let server: TestServer;
let browser: Browser;
let workDir: string;
let receiver: Receiver | null = null;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // The worker polls every 200 ms here; the first retry still comes after the real 10 s or so.
    startE2eServer({ ALERT_WEBHOOK_ALLOW_LOOPBACK: 'true', ALERT_DELIVERY_POLL_MS: '200' }),
    launchBrowser(),
  ]);
  workDir = mkdtempSync(join(tmpdir(), 'alert-delivery-e2e-'));
});

afterAll(async () => {
  await receiver?.stop();
  await browser?.close();
  await server?.close();
  rmSync(workDir, { recursive: true, force: true });
});

/** The downloadable example run as the integrator's receiver (`--listen`), with the keys it was given. */
interface Receiver {
  /** Every alert it accepted, pings included. */
  alerts: Array<Record<string, unknown>>;
  log: string[];
  stop(): Promise<void>;
}

async function startReceiver(port: number, keys: { privatePem: string; aesKey: string; portalPem: string }) {
  const privateFile = join(workDir, 'private.pem');
  const portalFile = join(workDir, `portal-${Date.now()}.pem`);
  writeFileSync(privateFile, keys.privatePem);
  writeFileSync(portalFile, keys.portalPem);
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [
    EXAMPLE_SCRIPT,
    '--listen',
    `127.0.0.1:${port}`,
    privateFile,
    keys.aesKey,
    portalFile,
  ]);
  const alerts: Array<Record<string, unknown>> = [];
  const log: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n').filter(Boolean)) alerts.push(JSON.parse(line));
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => log.push(...chunk.split('\n').filter(Boolean)));
  await eventually(() => log.some((line) => line.startsWith('listening on'))).toBe(true);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    alerts,
    log,
    stop: async () => {
      child.kill();
      await exited;
    },
  } satisfies Receiver;
}

/** A port nobody listens on yet: the receiver starts there later, and the webhook names it from the start. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

async function loginTo(page: Page, email: string, target: string): Promise<void> {
  await page.goto(`/pages/login?return_to=${encodeURIComponent(target)}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**${target}`);
}

/** The test alerts a receiver opened: a setup's ping (also marked test, of type ping), retried, may reach it too. */
const testAlerts = (r: Receiver | null) =>
  (r?.alerts ?? []).filter((alert) => alert.test === true && alert.type !== undefined && alert.type !== 'ping');

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())!.trim();

/** The log's rows, newest first, as the page shows them. */
async function logRows(page: Page): Promise<string[]> {
  return page.getByTestId('delivery-log').locator('tbody tr').allTextContents();
}

/** Refresh until the newest row of the log reads as expected: the log is read when asked, as on GitHub. */
async function newestRowBecomes(page: Page, expected: RegExp, timeout = 30_000): Promise<string> {
  let newest = '';
  await eventually(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Refresh' }).isEnabled();
    newest = (await logRows(page))[0] ?? '';
    return expected.test(newest);
  }, timeout).toBe(true);
  return newest;
}

/** Keys dialog → the three things a receiver needs; closes the dialog as a user who kept them does. */
async function keepKeys(page: Page): Promise<{ aesKey: string; portalPem: string }> {
  const keysDialog = page.getByRole('dialog', { name: 'Alert forwarding keys' });
  await keysDialog.waitFor();
  const aesKey = await text(page, 'aes-key');
  await keysDialog.getByRole('button', { name: 'Copy the portal RSA public key' }).click();
  const portalPem = await page.evaluate(() => navigator.clipboard.readText());
  await keysDialog.getByRole('button', { name: 'Copy the AES key' }).click();
  await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(aesKey);
  await keysDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await keysDialog.waitFor({ state: 'hidden' });
  return { aesKey, portalPem };
}

describe('alert delivery', () => {
  it('delivers a test alert the example receiver verifies, logs an outage and its retry, and the old keys open nothing new', async (test) => {
    await createUser(server, { email: 'integrator@example.com', owner: true, apiAccess: true });
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const { page } = await openPage(browser, test, {
      baseURL: server.url,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const port = await freePort();
    const webhook = `http://127.0.0.1:${port}/alerts`;
    // The one rewrite (see the top of the file): the typed public address becomes the loopback receiver's.
    await page.route('**/api/alert_forwarding_config/*', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown> | null;
      if (body && typeof body.url === 'string' && body.url.startsWith(TYPED_WEBHOOK)) {
        return route.continue({ postData: JSON.stringify({ ...body, url: body.url.replace(TYPED_WEBHOOK, webhook) }) });
      }
      return route.continue();
    });

    await loginTo(page, 'integrator@example.com', '/pages/credentials');
    await page.getByRole('button', { name: 'Create Grant' }).click();
    const create = page.getByRole('dialog', { name: 'Create access grant' });
    await create.getByRole('button', { name: 'Client credentials' }).click();
    await create.getByLabel('Application name').fill('Fall Desk');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('The grant Fall Desk is ready.').waitFor();
    await create.getByRole('button', { name: 'Close', exact: true }).click();
    await create.getByRole('button', { name: 'Close anyway' }).click();
    // Not set up yet: the credentials table says so before the page is opened.
    const row = page.getByRole('row').filter({ hasText: 'Fall Desk' });
    expect(await row.textContent()).toContain('Not set up');
    await row.getByRole('link', { name: 'Setup' }).click();
    await page.waitForURL('**/pages/alert-forwarding-config?client_uid=*');

    // Set up with the key made here. The setup pings the webhook at once, before the receiver has its keys.
    await page.getByRole('button', { name: 'Set Up Alert Forwarding' }).click();
    const setup = page.getByRole('dialog', { name: 'Set Up Alert Forwarding' });
    await setup.getByLabel('Webhook URL').fill(TYPED_WEBHOOK);
    await setup.getByLabel('RSA public key').fill(publicPem);
    await setup.getByRole('button', { name: 'Save' }).click();
    const keys = { privatePem, ...(await keepKeys(page)) };
    expect(await text(page, 'webhook-url')).toBe(webhook);
    await eventually(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return text(page, 'ping-status');
    }, 20_000).toMatch(/^Last ping failed: /);

    // The receiver starts with the keys; Send test alert goes through the queue, and it verifies and opens it.
    receiver = await startReceiver(port, keys);
    await page.getByRole('button', { name: 'Send test alert' }).click();
    await page.getByText('Test alert queued: the log below shows how your webhook answers.').waitFor();
    await eventually(() => testAlerts(receiver).length, 20_000).toBe(1);
    const [testAlert] = testAlerts(receiver);
    expect(testAlert).toMatchObject({ version: 4, test: true, type: expect.any(String) });
    const delivered = await newestRowBecomes(page, /HTTP 200/);
    expect(delivered).toContain(testAlert.alert_id as string);
    expect(delivered).toContain('Delivered');

    // A new webhook address pings again; this time the receiver answers, and the page says so.
    await page.getByRole('button', { name: 'Edit webhook URL' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook URL' });
    await edit.getByLabel('Webhook URL').fill(`${TYPED_WEBHOOK}/v2`);
    await edit.getByLabel('Webhook URL').press('Enter');
    await edit.waitFor({ state: 'hidden' });
    await eventually(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return text(page, 'ping-status');
    }, 20_000).toMatch(/^Last ping: HTTP 200 in \d+ ms/);

    // The receiver goes down: the next test alert fails, and the log shows the retry it waits for.
    await receiver.stop();
    receiver = null;
    await page.getByRole('button', { name: 'Send test alert' }).click();
    const retrying = await newestRowBecomes(page, /Retrying/);
    expect(retrying).not.toContain('HTTP 200');
    const outageId = (await page.getByTestId('delivery-log').locator('tbody tr').first().getAttribute('data-testid'))!;

    // It comes back with the same keys: the retry delivers, as attempt 2 of the same delivery.
    receiver = await startReceiver(port, keys);
    await eventually(() => testAlerts(receiver).length, 40_000).toBe(1);
    const recovered = await newestRowBecomes(page, /Delivered/);
    const recoveredRow = page.getByTestId(outageId);
    expect(await recoveredRow.textContent()).toBe(recovered);
    expect(recovered).toMatch(/HTTP 200/);
    expect(await recoveredRow.locator('td').nth(2).textContent()).toBe('2');

    // Acquire New Keys: the receiver still holding the old ones opens nothing sent after it.
    await page.getByRole('button', { name: 'Acquire New Keys' }).click();
    await page
      .getByRole('dialog', { name: 'Acquire new keys' })
      .getByRole('button', { name: 'Acquire New Keys' })
      .click();
    const renewed = { privatePem, ...(await keepKeys(page)) };
    expect(renewed.aesKey).not.toBe(keys.aesKey);
    const openedBefore = receiver.alerts.length;
    const refusedBefore = receiver.log.filter((line) => line.startsWith('rejected (forged)')).length;
    await page.getByRole('button', { name: 'Send test alert' }).click();
    // The new signature does not verify with the old portal key: forged, as far as the old receiver can tell.
    await newestRowBecomes(page, /HTTP 403/);
    expect(receiver.alerts.length).toBe(openedBefore);
    expect(receiver.log.filter((line) => line.startsWith('rejected (forged)')).length).toBeGreaterThan(refusedBefore);

    // With the new keys, the next test alert opens.
    await receiver.stop();
    receiver = await startReceiver(port, renewed);
    await page.getByRole('button', { name: 'Send test alert' }).click();
    // (The refused one's own retry, sealed afresh with the new keys, may open here too.)
    await eventually(() => testAlerts(receiver).length, 20_000).toBeGreaterThanOrEqual(1);
    await newestRowBecomes(page, /HTTP 200/);

    // The credentials table's Alert forwarding column: the last success, no failures since.
    await page.goto('/pages/credentials');
    await eventually(async () => page.getByRole('row').filter({ hasText: 'Fall Desk' }).textContent()).toMatch(
      /Last success/,
    );
  });
});
