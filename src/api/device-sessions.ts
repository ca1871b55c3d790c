import type { DeviceSessionsAnswer } from '#shared-domain/contracts/device-sessions.contract.ts';
import type { DeviceSessionsData } from '#shared-domain/device-sessions.ts';
import { apiRequest } from './client.ts';

// One row of GET /api/deviceSessions (docs/api/device-sessions.md): the contract's types, imported as types only.
export type { DeviceSessionRow, DeviceSessionUserRow } from '#shared-domain/contracts/device-sessions.contract.ts';
export type DeviceSessionsBody = DeviceSessionsAnswer;

export async function getDeviceSessions(): Promise<DeviceSessionsData> {
  const { data } = await apiRequest<DeviceSessionsBody>('GET', 'deviceSessions');
  return {
    sessions: data.device_sessions.map((row) => ({
      id: row.id,
      userId: row.user_id,
      loginIp: row.login_ip,
      loginCountryCode: row.login_country_code,
      lastIp: row.last_ip,
      lastCountryCode: row.last_country_code,
      loginTime: row.login_time,
      deviceDescription: row.device_description,
      accessTokenExpires: row.access_token_expires,
      lastActive: row.last_active,
      current: row.current,
    })),
    users: data.users.map((row) => ({ id: row.id, friendlyName: row.friendly_name, owner: row.owner })),
  };
}

export async function deleteDeviceSession(id: string): Promise<void> {
  await apiRequest('DELETE', `deviceSessions/revoke/${encodeURIComponent(id)}`);
}

/** Every other session the caller may see; the caller's own stays (docs/api/device-sessions.md). */
export async function deleteOtherDeviceSessions(): Promise<void> {
  await apiRequest('DELETE', 'deviceSessions/revoke/all');
}
