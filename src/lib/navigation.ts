import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAGES_PREFIX } from '#shared-domain/page-paths.ts';

/**
 * The one place the SPA hands the browser to a server URL (a real navigation, never fetch: the server answers with
 * redirects to other sites). Tests replace it with `vi.spyOn(navigation, 'assign')`; jsdom cannot navigate.
 */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Pages of this SPA are routed in place; anything else (/api/…, another origin) is a browser navigation. */
export function isSpaUrl(url: string): boolean {
  return url.startsWith(PAGES_PREFIX) || url === '/' || url.startsWith('/?');
}

/** Follows a URL a machine decided on: a route of the SPA, or a browser navigation. */
export function useFollowUrl(): (url: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (url, options) => {
      if (isSpaUrl(url)) navigate(url, { replace: options?.replace ?? false });
      else navigation.assign(url);
    },
    [navigate],
  );
}
