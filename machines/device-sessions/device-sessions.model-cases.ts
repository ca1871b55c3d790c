import type { SnapshotFrom } from 'xstate';
import type { DeviceSession, DeviceSessionsData, DeviceSessionUser } from '#shared-domain/device-sessions.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { deviceSessionsMachine } from './device-sessions.machine.ts';

/**
 * Model cases shared by the headless test and the test through the view. Times are noon UTC, so dates read the same
 * in any time zone; last-active values are relative to NOW, which the view test pins with fake timers.
 */
export const NOW = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;

export const OWNER: DeviceSessionUser = { id: 'user-olivia', friendlyName: 'Olivia Owner', owner: true };
export const MEMBER: DeviceSessionUser = { id: 'user-max', friendlyName: 'Max Member', owner: false };

/** The page's own session: listed, marked, never revocable from the table. */
export const HERE: DeviceSession = {
  id: 'session-here',
  userId: OWNER.id,
  loginIp: '192.0.2.10',
  loginCountryCode: 'FI',
  lastIp: '192.0.2.10',
  lastCountryCode: 'FI',
  loginTime: Date.UTC(2026, 10, 20, 12),
  deviceDescription: 'Chrome on Linux',
  accessTokenExpires: NOW + 720 * HOUR,
  lastActive: NOW - 10 * 60_000,
  current: true,
};
export const PHONE: DeviceSession = {
  id: 'session-phone',
  userId: OWNER.id,
  loginIp: '198.51.100.7',
  loginCountryCode: 'SE',
  lastIp: '198.51.100.8',
  lastCountryCode: null,
  loginTime: Date.UTC(2026, 9, 2, 12),
  deviceDescription: 'Safari on iOS',
  accessTokenExpires: NOW + 100 * HOUR,
  lastActive: NOW - 5 * 24 * HOUR - HOUR,
  current: false,
};
export const MEMBER_PC: DeviceSession = {
  id: 'session-max',
  userId: MEMBER.id,
  loginIp: '203.0.113.5',
  loginCountryCode: 'DE',
  lastIp: '203.0.113.9',
  lastCountryCode: 'AT',
  loginTime: Date.UTC(2026, 10, 21, 12),
  deviceDescription: 'Firefox on Windows',
  accessTokenExpires: NOW + 600 * HOUR,
  lastActive: NOW - 3 * HOUR - 20 * 60_000,
  current: false,
};

export const ACCOUNT: DeviceSessionsData = { sessions: [HERE, PHONE, MEMBER_PC], users: [OWNER, MEMBER] };
/** Only the current session: nothing to revoke, so neither Revoke nor Revoke All can start. */
export const ALONE: DeviceSessionsData = { sessions: [HERE], users: [OWNER] };

const INTERNAL = apiErrorOf('InternalError');
const NO_SESSION = apiErrorOf('NoSession');
const GONE = apiErrorOf('SessionNotFound');

export const failures = { INTERNAL, NO_SESSION, GONE };
const labels = new Map<unknown, string>([
  [INTERNAL, '500'],
  [NO_SESSION, '401'],
  [GONE, '404'],
]);

export const deviceSessionsEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.loadSessions', output: ACCOUNT },
  { type: 'xstate.done.actor.loadSessions', output: ALONE },
  { type: 'xstate.error.actor.loadSessions', error: INTERNAL },
  { type: 'xstate.error.actor.loadSessions', error: NO_SESSION },
  { type: 'sessions.refresh' },
  { type: 'session.revoke', id: MEMBER_PC.id },
  { type: 'sessions.revokeAll' },
  { type: 'dialog.confirm' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.revokeSession', output: undefined },
  ...[INTERNAL, GONE, NO_SESSION].map((error) => ({ type: 'xstate.error.actor.revokeSession' as const, error })),
  { type: 'xstate.done.actor.revokeAllSessions', output: undefined },
  ...[INTERNAL, NO_SESSION].map((error) => ({ type: 'xstate.error.actor.revokeAllSessions' as const, error })),
];

/** Guards read the list only; a load replaces it, and an error matters only in the dialog that shows it. */
export function serializeDeviceSessions(snapshot: SnapshotFrom<typeof deviceSessionsMachine>): unknown {
  const listed = snapshot.matches('list');
  return {
    value: snapshot.value,
    sessions: listed ? snapshot.context.sessions.map((s) => s.id) : null,
    error: listed ? snapshot.context.error : null,
  };
}

export function describeDeviceSessionsEvent(event: ModelEvent): string {
  const e = event as { type: string; output?: DeviceSessionsData; error?: unknown; id?: string };
  if (e.type === 'xstate.done.actor.loadSessions') return `loadSessions answers ${e.output!.sessions.length} sessions`;
  if (e.type.startsWith('xstate.error.actor.'))
    return `${e.type.slice('xstate.error.actor.'.length)} fails ${labels.get(e.error)}`;
  if (e.type.startsWith('xstate.done.actor.')) return `done: ${e.type.slice('xstate.done.actor.'.length)}`;
  if (e.type === 'session.revoke') return `revoke ${e.id}`;
  return e.type;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const deviceSessionsExplore: ExploreOptions = {
  events: deviceSessionsEvents,
  serialize: serializeDeviceSessions,
  describeEvent: describeDeviceSessionsEvent,
};
