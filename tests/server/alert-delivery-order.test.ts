import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import { ingestAlert } from '#server/modules/alerts/alerts.service.ts';
import { type AlertDeliveryWorker, startAlertDeliveryWorker } from '#server/modules/alerts/delivery.worker.ts';
import { createServiceClient } from '#server/modules/alerts/service-clients.service.ts';
import type { TestServer } from '#tests/support/server.ts';
import {
  accountWithForwarding,
  alertBody,
  decryptExample,
  keysOf,
  type Receiver,
  startAlertServer,
  startReceiver,
} from './helpers/alert-delivery.ts';

// What docs/api/alert-forwarding.md ("Delivery and retries") tells a receiver about order: none is kept. An alert
// whose delivery is being retried arrives after alerts handed in later, so a receiver orders by `occurred_at`.
// The worker runs on a made-up clock, as in alert-delivery-retries.test.ts.

const T0 = Date.UTC(2026, 10, 26, 8);

let server: TestServer;
let receiver: Receiver;
let worker: AlertDeliveryWorker;

beforeAll(async () => {
  server = await startAlertServer({ ALERT_DELIVERY_POLL_MS: '3600000' });
  receiver = await startReceiver();
});
afterEach(() => worker?.stop());
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('the order of deliveries', () => {
  it('is not kept: a retried alert arrives after a later one', async () => {
    const sourceClientId = (await createServiceClient(server.db, { name: 'Backend' })).client.id;
    const account = await accountWithForwarding(server, [receiver.url]);
    const sealer = createSealer(server.config.alertKeysSecret);
    const clock = { now: T0 };
    worker = startAlertDeliveryWorker({
      db: server.db,
      config: { ...server.config.alertDelivery, timeoutMs: 2000 },
      sealer,
      log: { info: () => undefined, warn: () => undefined },
      now: () => clock.now,
      random: () => 0.5,
      poll: false,
    });
    const handIn = async (occurredAt: number) => {
      const body = alertBody(account.user.id, { occurred_at: new Date(occurredAt).toISOString() });
      return (await ingestAlert(server.db, sealer, { sourceClientId, body }, clock.now)).answer.alert_id;
    };

    receiver.script({ status: 503 });
    const first = await handIn(T0 - 2_000);
    await worker.runOnce();
    const second = await handIn(T0 - 1_000);
    await worker.runOnce();
    clock.now = T0 + 7_500;
    await worker.runOnce();

    const example = await decryptExample();
    const opened = receiver.received.map((post) =>
      example.decryptAlert(post.body, keysOf(account.configs[0]!), { now: clock.now }),
    );
    expect(opened.map((alert) => alert.alert_id)).toEqual([first, second, first]);
    // Accepted (2xx) in the order second, first; occurred_at still says which happened first.
    const accepted = opened.slice(1);
    expect(accepted.map((alert) => alert.alert_id)).toEqual([second, first]);
    expect(Date.parse(accepted[1]!.occurred_at)).toBeLessThan(Date.parse(accepted[0]!.occurred_at));
  });
});
