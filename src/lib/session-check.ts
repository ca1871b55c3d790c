import { fromPromise, type Snapshot } from 'xstate';
import type { SessionUser } from '#machines/session-check/session-check.machine.ts';
import type { SessionClaims } from '#shared-domain/login.ts';
import { getSession } from '../api/auth.ts';

/** The session-check machine's `checkSession` actor: the server's word on the session, and who it belongs to. */
export const checkSession = fromPromise<SessionUser>(async () => (await getSession()).data.user);

/**
 * The signed-in shell asks the server once per page load whether its session is alive; this keeps the answer for the
 * rest of the page load, so moving between signed-in pages does not ask again on every click. A module variable is
 * exactly that lifetime: a full page load starts without it.
 *
 * It is kept against the claims cookie it was confirmed with: another sign-in (whose claims differ) is checked anew,
 * and a session that ends is forgotten (`forgetSessionCheck`) by whichever page learns it first.
 */
let confirmed: { claims: string; snapshot: Snapshot<unknown> } | null = null;

const keyOf = (claims: SessionClaims) => JSON.stringify([claims.apiAccess, claims.isGroupOwner]);

export function confirmedSessionCheck(claims: SessionClaims): Snapshot<unknown> | undefined {
  return confirmed && confirmed.claims === keyOf(claims) ? confirmed.snapshot : undefined;
}

export function rememberSessionCheck(claims: SessionClaims, snapshot: Snapshot<unknown>): void {
  confirmed = { claims: keyOf(claims), snapshot };
}

export function forgetSessionCheck(): void {
  confirmed = null;
}
