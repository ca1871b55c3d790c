/**
 * The Last active column's rule, counted from the session's last use: under an hour '< Hour'; then whole hours rounded
 * up (an hour to the second is '1 Hour', a second more is '2 Hours'); from 48 hours on, whole days.
 *
 * The original product counted from `access_token_expires` of access tokens that lived an hour past the last use, so
 * its "under 1 hour remaining" is "used within the last hour" here. The portal's sessions record the last use itself
 * (`last_active`), and `access_token_expires` keeps its own meaning (when the session stops working) without being
 * shown in that column.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type LastActive = { unit: 'underHour' } | { unit: 'hours'; count: number } | { unit: 'days'; count: number };

export function lastActive(lastActiveAt: number, now: number): LastActive {
  const since = now - lastActiveAt;
  // A clock a little ahead on another instance makes a fresh session look like the future: still "under an hour".
  if (since < HOUR) return { unit: 'underHour' };
  if (since < 48 * HOUR) return { unit: 'hours', count: Math.ceil(since / HOUR) };
  return { unit: 'days', count: Math.floor(since / DAY) };
}
