import { useMediaQuery } from '@mantine/hooks';
import { useLocation } from 'react-router-dom';
import { MOBILE_MAX_WIDTH } from '../app/theme.ts';

export interface CarriedQuery {
  /** The page's query minus the dropped keys, for the API call that carries it (spec §7 "carried params"). */
  params: Record<string, string>;
  /** The same as a `?…` suffix for links, or '' below 576 px where links carry nothing (spec §2). */
  linkSearch: string;
}

/** The query a page passes on to its links and calls, without the keys that belong to this page alone. */
export function useCarriedQuery(drop: readonly string[]): CarriedQuery {
  const { search } = useLocation();
  const wide = useMediaQuery(`(min-width: ${MOBILE_MAX_WIDTH}px)`, true);
  const kept = new URLSearchParams(search);
  for (const key of drop) kept.delete(key);
  const qs = kept.toString();
  return { params: Object.fromEntries(kept), linkSearch: wide && qs ? `?${qs}` : '' };
}
