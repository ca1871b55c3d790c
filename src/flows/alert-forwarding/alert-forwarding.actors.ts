import { fromPromise } from 'xstate';
import type { AlertForwardingEditPayload, AlertForwardingSetupPayload } from '#shared-domain/alert-forwarding.ts';
import {
  deleteAlertForwardingConfig,
  getAlertDeliveries,
  getAlertForwardingConfig,
  postAlertForwardingConfig,
  postRedelivery,
  postTestAlert,
  putAlertForwardingField,
  putOverwritePortalKeys,
  putRemoveCompanyId,
} from '#src/api/alert-forwarding.ts';

type ClientInput = { input: { clientUid: string } };

/** The alert-forwarding machine's actors, each about the credential the machine's input names. */
export const alertForwardingActors = {
  loadConfig: fromPromise(({ input }: ClientInput) => getAlertForwardingConfig(input.clientUid)),
  saveSetup: fromPromise(({ input }: { input: { clientUid: string; payload: AlertForwardingSetupPayload } }) =>
    postAlertForwardingConfig(input.clientUid, input.payload),
  ),
  saveEdit: fromPromise(({ input }: { input: { clientUid: string; payload: AlertForwardingEditPayload } }) =>
    putAlertForwardingField(input.clientUid, input.payload),
  ),
  renewKeys: fromPromise(({ input }: ClientInput) => putOverwritePortalKeys(input.clientUid)),
  clearData: fromPromise(({ input }: ClientInput) => deleteAlertForwardingConfig(input.clientUid)),
  stopV3Alerts: fromPromise(() => putRemoveCompanyId()),
  loadDeliveries: fromPromise(({ input }: ClientInput) => getAlertDeliveries(input.clientUid)),
  sendTestAlert: fromPromise(({ input }: ClientInput) => postTestAlert(input.clientUid)),
  redeliver: fromPromise(({ input }: { input: { clientUid: string; deliveryId: string } }) =>
    postRedelivery(input.clientUid, input.deliveryId),
  ),
};
