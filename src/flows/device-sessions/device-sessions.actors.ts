import { fromPromise } from 'xstate';
import { deleteDeviceSession, deleteOtherDeviceSessions, getDeviceSessions } from '#src/api/device-sessions.ts';

/** The device-sessions machine's actors: the list, revoking one session, revoking all but this one. */
export const deviceSessionsActors = {
  loadSessions: fromPromise(() => getDeviceSessions()),
  revokeSession: fromPromise(({ input }: { input: { id: string } }) => deleteDeviceSession(input.id)),
  revokeAllSessions: fromPromise(() => deleteOtherDeviceSessions()),
};
