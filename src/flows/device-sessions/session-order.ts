import type { DeviceSession, DeviceSessionUser } from '#shared-domain/device-sessions.ts';

/** product.md §2: the three sortable columns. */
export type SortColumn = 'loginTime' | 'deviceDescription' | 'lastActive';
export type SortDirection = 'ascending' | 'descending';

export interface SessionSort {
  column: SortColumn;
  direction: SortDirection;
}

/** product.md §9: last active, most recent first. */
export const DEFAULT_SORT: SessionSort = { column: 'lastActive', direction: 'descending' };

/** The same header again reverses the order; another header starts ascending. */
export function nextSort(current: SessionSort, column: SortColumn): SessionSort {
  if (current.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/**
 * product.md §6: owners' sessions come first whatever the column, then the column's order; the id breaks ties so equal
 * rows never swap places between renders.
 */
export function sortSessions(
  sessions: readonly DeviceSession[],
  users: readonly DeviceSessionUser[],
  sort: SessionSort,
  locale: string,
): DeviceSession[] {
  const owners = new Set(users.filter((u) => u.owner).map((u) => u.id));
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const byColumn = (a: DeviceSession, b: DeviceSession) =>
    sort.column === 'deviceDescription'
      ? collator.compare(a.deviceDescription, b.deviceDescription)
      : a[sort.column] - b[sort.column];
  return [...sessions].sort(
    (a, b) =>
      Number(owners.has(b.userId)) - Number(owners.has(a.userId)) ||
      sign * byColumn(a, b) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
