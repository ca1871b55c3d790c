import type { AlertDetails } from '../alert-forwarding/alert-content.ts';
import type { Sealer } from '../alert-forwarding/key-sealing.ts';

// The details of an alert (camera, room, person, snapshot) name people and places in their homes: at rest they are
// sealed under ALERT_KEYS_SECRET like the forwarding keys, bound to their alert's row, and opened only to be sealed
// again for a webhook.

function context(alertId: string): string {
  return `alerts/${alertId}/payload`;
}

export function sealDetails(sealer: Sealer, alertId: string, details: AlertDetails | null): string {
  return sealer.seal(Buffer.from(JSON.stringify(details), 'utf8'), context(alertId));
}

export function openDetails(sealer: Sealer, alertId: string, sealed: string): AlertDetails | null {
  return JSON.parse(sealer.open(sealed, context(alertId)).toString('utf8')) as AlertDetails | null;
}
