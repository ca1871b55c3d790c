import { useEffect } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router-dom';
import { paths, withQuery } from '../app/paths.ts';
import { forgetSessionCheck } from './session-check.ts';

/** The login page, coming back to this very page (path and query) once signed in again. */
export function loginReturningTo(location: Pick<Location, 'pathname' | 'search'>): string {
  return withQuery(paths.login, { return_to: location.pathname + location.search });
}

/** What a signed-in page leaves in the history entry of the login page it sends the reader to. */
const SESSION_ENDED = { sessionEnded: true } as const;

/** Whether the reader arrived on this page because their session ended (the state of its history entry). */
export function arrivedAfterSessionEnded(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { sessionEnded?: unknown }).sessionEnded === true;
}

/**
 * Every signed-in page ends the same way when the server says the session is over (401): the login page, then back
 * here. `ended` is the machine's word for it (a state or tag), so the page never guesses from a cookie. The shell's
 * confirmation of the session is dropped with it, so the next signed-in page asks the server again. The login page is
 * told why: a reader whose click in a dialog lands them on a sign-in form with no word would not know what happened.
 */
export function useReturnToLoginWhen(ended: boolean): void {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!ended) return;
    forgetSessionCheck();
    navigate(loginReturningTo(location), { replace: true, state: SESSION_ENDED });
  }, [ended, navigate, location]);
}
