import { useLocation } from 'react-router-dom';
import { useWideScreen } from './use-wide-screen.ts';

export interface CarriedQuery {
  /** The page's query minus the dropped keys, for the API call that carries it (product.md §7 "carried params"). */
  params: Record<string, string>;
  /** What links carry: the same params on a wide screen, none below 576 px (product.md §2.1). */
  linkParams: Record<string, string>;
  /** linkParams as a `?…` suffix, or ''. */
  linkSearch: string;
}

/** The query a page passes on to its links and calls, without the keys that belong to this page alone. */
export function useCarriedQuery(drop: readonly string[]): CarriedQuery {
  const { search } = useLocation();
  const kept = new URLSearchParams(search);
  for (const key of drop) kept.delete(key);
  const qs = kept.toString();
  const wide = useWideScreen(qs !== '');
  const params = Object.fromEntries(kept);
  return { params, linkParams: wide ? params : {}, linkSearch: wide && qs ? `?${qs}` : '' };
}
