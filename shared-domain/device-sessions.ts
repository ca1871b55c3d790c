/**
 * The device-sessions page's data as the SPA holds it (GET /api/deviceSessions, docs/api/device-sessions.md). Both the
 * API client, which maps the wire rows to it, and the machine, which holds it, need it (architecture.md §4 rule 10).
 */

/** One live login; times are epoch ms. */
export interface DeviceSession {
  id: string;
  userId: string;
  loginIp: string;
  loginCountryCode: string | null;
  lastIp: string;
  lastCountryCode: string | null;
  loginTime: number;
  deviceDescription: string;
  /** When the session stops working unless used again; not shown (shared-domain/last-active.ts says why). */
  accessTokenExpires: number;
  lastActive: number;
  /** The session this page is using. */
  current: boolean;
}

export interface DeviceSessionUser {
  id: string;
  friendlyName: string;
  owner: boolean;
}

export interface DeviceSessionsData {
  sessions: DeviceSession[];
  users: DeviceSessionUser[];
}
