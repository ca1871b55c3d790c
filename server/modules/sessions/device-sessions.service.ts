import type { Db } from '#server/db/database.ts';
import { appError } from '#server/errors.ts';
import {
  type DeviceSessionRecord,
  type GroupUserRecord,
  listLiveSessions,
  listUsers,
  revokeLiveSessions,
  type SessionScope,
} from './device-sessions.repository.ts';
import type { SessionContext } from './sessions.service.ts';

export type Viewer = Pick<SessionContext, 'sessionId' | 'userId' | 'groupId' | 'isOwner'>;

/**
 * docs/api/device-sessions.md "Who sees what": the group owner answers for the whole account, so they see and may
 * revoke every member's sessions; a secondary user only their own.
 */
export function scopeOf(viewer: Viewer): SessionScope {
  return viewer.isOwner ? { groupId: viewer.groupId } : { userId: viewer.userId };
}

export interface DeviceSessionList {
  sessions: DeviceSessionRecord[];
  users: GroupUserRecord[];
}

export async function listDeviceSessions(db: Db, viewer: Viewer, now: number): Promise<DeviceSessionList> {
  const scope = scopeOf(viewer);
  const [sessions, users] = await Promise.all([listLiveSessions(db, scope, now), listUsers(db, scope)]);
  return { sessions, users };
}

/**
 * Unknown, already ended, and someone else's (another account's, or a fellow member's for a secondary user) all answer
 * the same 404, so the endpoint cannot be used to learn which session ids exist.
 */
export async function revokeDeviceSession(db: Db, viewer: Viewer, id: string, now: number): Promise<void> {
  const revoked = await revokeLiveSessions(db, scopeOf(viewer), { only: id }, now);
  if (revoked === 0) throw appError('SessionNotFound');
}

/** Every session the viewer sees except the one making the request: Revoke All never logs the caller out. */
export function revokeOtherDeviceSessions(db: Db, viewer: Viewer, now: number): Promise<number> {
  return revokeLiveSessions(db, scopeOf(viewer), { except: viewer.sessionId }, now);
}
