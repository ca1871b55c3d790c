import type { AlertDeliveryEntry } from '#shared-domain/alert-delivery.ts';
import type {
  AlertForwardingConfig,
  AlertForwardingEditPayload,
  AlertForwardingEditResult,
  AlertForwardingKeys,
  AlertForwardingSetupPayload,
} from '#shared-domain/alert-forwarding.ts';
import { apiRequest } from './client.ts';

/** product.md §7: the alert forwarding calls, one credential each by its client_uid. */
const path = (clientUid: string) => `alert_forwarding_config/${encodeURIComponent(clientUid)}`;

export async function getAlertForwardingConfig(clientUid: string): Promise<AlertForwardingConfig> {
  return (await apiRequest<{ success: true; data: AlertForwardingConfig }>('GET', path(clientUid))).data;
}

export async function postAlertForwardingConfig(
  clientUid: string,
  payload: AlertForwardingSetupPayload,
): Promise<AlertForwardingKeys> {
  return (await apiRequest<{ success: true; data: AlertForwardingKeys }>('POST', path(clientUid), { body: payload }))
    .data;
}

export async function putAlertForwardingField(
  clientUid: string,
  payload: AlertForwardingEditPayload,
): Promise<AlertForwardingEditResult> {
  return (
    await apiRequest<{ success: true; data: AlertForwardingEditResult }>('PUT', path(clientUid), { body: payload })
  ).data;
}

/** Acquire New Keys: the previous portal keys and AES key stop working at once. */
export async function putOverwritePortalKeys(clientUid: string): Promise<AlertForwardingKeys> {
  const body = { overwrite_portal_keys: true };
  return (await apiRequest<{ success: true; data: AlertForwardingKeys }>('PUT', path(clientUid), { body })).data;
}

export async function deleteAlertForwardingConfig(clientUid: string): Promise<void> {
  await apiRequest<{ success: true }>('DELETE', path(clientUid));
}

/** Stop Sending V3 Alerts, for the whole account: irreversible. */
export async function putRemoveCompanyId(): Promise<void> {
  await apiRequest<{ success: true }>('PUT', 'alert_forwarding_config', { body: { remove_company_id: true } });
}

/** The delivery log, newest first: alerts, test alerts and pings, each with its attempts. */
export async function getAlertDeliveries(clientUid: string): Promise<AlertDeliveryEntry[]> {
  return (
    await apiRequest<{ success: true; data: { deliveries: AlertDeliveryEntry[] } }>(
      'GET',
      `${path(clientUid)}/deliveries`,
    )
  ).data.deliveries;
}

/** Send test alert: queued at once; the log shows how the webhook answers. */
export async function postTestAlert(clientUid: string): Promise<AlertDeliveryEntry> {
  return (
    await apiRequest<{ success: true; data: AlertDeliveryEntry }>('POST', `${path(clientUid)}/test_alert`, { body: {} })
  ).data;
}

/** Redeliver a failed delivery: a new delivery of the same alert. */
export async function postRedelivery(clientUid: string, deliveryId: string): Promise<AlertDeliveryEntry> {
  const url = `${path(clientUid)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`;
  return (await apiRequest<{ success: true; data: AlertDeliveryEntry }>('POST', url, { body: {} })).data;
}
