import { describe, expect, it } from 'vitest';
import { HERE, MEMBER, MEMBER_PC, OWNER, PHONE } from '#machines/device-sessions/device-sessions.model-cases.ts';
import type { DeviceSession } from '#shared-domain/device-sessions.ts';
import { DEFAULT_SORT, nextSort, type SessionSort, sortSessions } from './session-order.ts';

// A second member session that would lead every column if owners did not come first.
const MEMBER_TABLET: DeviceSession = {
  ...MEMBER_PC,
  id: 'session-tablet',
  deviceDescription: 'Android app',
  loginTime: MEMBER_PC.loginTime + 1,
  lastActive: HERE.lastActive + 1,
};
const sessions = [MEMBER_PC, PHONE, MEMBER_TABLET, HERE];
const users = [MEMBER, OWNER];
const order = (sort: SessionSort) => sortSessions(sessions, users, sort, 'en-us').map((s) => s.id);

describe('sortSessions', () => {
  it('defaults to last active, most recent first, owners first', () => {
    expect(order(DEFAULT_SORT)).toEqual([HERE.id, PHONE.id, MEMBER_TABLET.id, MEMBER_PC.id]);
  });

  it.each<[SessionSort, string[]]>([
    [{ column: 'lastActive', direction: 'ascending' }, [PHONE.id, HERE.id, MEMBER_PC.id, MEMBER_TABLET.id]],
    [{ column: 'loginTime', direction: 'ascending' }, [PHONE.id, HERE.id, MEMBER_PC.id, MEMBER_TABLET.id]],
    [{ column: 'loginTime', direction: 'descending' }, [HERE.id, PHONE.id, MEMBER_TABLET.id, MEMBER_PC.id]],
    [{ column: 'deviceDescription', direction: 'ascending' }, [HERE.id, PHONE.id, MEMBER_TABLET.id, MEMBER_PC.id]],
    [{ column: 'deviceDescription', direction: 'descending' }, [PHONE.id, HERE.id, MEMBER_PC.id, MEMBER_TABLET.id]],
  ])('%j keeps owners first', (sort, expected) => {
    expect(order(sort)).toEqual(expected);
  });

  it('breaks ties by id and leaves its input alone', () => {
    const twin = { ...PHONE, id: 'session-aaa' };
    const input = [PHONE, twin];
    expect(
      sortSessions(input, users, { column: 'lastActive', direction: 'descending' }, 'en-us').map((s) => s.id),
    ).toEqual(['session-aaa', PHONE.id]);
    expect(input).toEqual([PHONE, twin]);
  });
});

describe('nextSort', () => {
  it('reverses the same column and starts another ascending', () => {
    expect(nextSort(DEFAULT_SORT, 'lastActive')).toEqual({ column: 'lastActive', direction: 'ascending' });
    expect(nextSort({ column: 'lastActive', direction: 'ascending' }, 'lastActive')).toEqual(DEFAULT_SORT);
    expect(nextSort(DEFAULT_SORT, 'deviceDescription')).toEqual({
      column: 'deviceDescription',
      direction: 'ascending',
    });
  });
});
