/**
 * Spec §9's "Last active" rule. It counts from `access_token_expires` of the original product, whose access tokens
 * lived one hour past the device's last use: "under 1 hour remaining" means used within the hour. The portal's sessions
 * record the last use itself (`last_active`), so the rule runs on last use + one hour, and `access_token_expires` keeps
 * its own meaning (when the session stops working) without being shown in that column.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const ACCESS_WINDOW_MS = HOUR;

export type LastActive = { unit: 'underHour' } | { unit: 'hours'; count: number } | { unit: 'days'; count: number };

export function lastActive(lastActiveAt: number, now: number): LastActive {
  const remaining = lastActiveAt + ACCESS_WINDOW_MS - now;
  // A clock a little ahead on another instance makes a fresh session look like the future: still "under an hour".
  if (remaining > 0) return { unit: 'underHour' };
  const since = -remaining;
  if (since <= HOUR) return { unit: 'hours', count: 1 };
  if (since < 48 * HOUR) return { unit: 'hours', count: Math.ceil(since / HOUR) };
  return { unit: 'days', count: Math.floor(since / DAY) };
}
