/**
 * The screenshot gallery's pictures, when the portal serves them: scripts/screenshots.ts lists every shot it took in
 * shots.json beside them, and `npm run screenshots -- --out dist/screenshots` puts them where the server serves the
 * build. A state links only to files that list names, so no link leads nowhere; without the list there are none.
 */
export const SHOTS_URL = '/screenshots/';

export interface Shot {
  /** The picture's file name, in the same folder as shots.json. */
  file: string;
  /** The shot's name: the page, then the dialog and its step (tests/support/overflow-check.ts). */
  page: string;
  locale: string;
  width: number;
}

function isShot(value: unknown): value is Shot {
  const shot = value as Partial<Shot> | null;
  return (
    typeof shot?.file === 'string' &&
    // A bare file name: the list cannot send a link out of the folder.
    /^[\w.-]+\.png$/.test(shot.file) &&
    typeof shot.page === 'string' &&
    typeof shot.locale === 'string' &&
    typeof shot.width === 'number'
  );
}

/** Every shot the served gallery lists; none when it is not served (a 404, the SPA's page, no answer). */
export async function loadShots(): Promise<Shot[]> {
  try {
    const response = await fetch(`${SHOTS_URL}shots.json`, { cache: 'no-cache' });
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return [];
    const list: unknown = await response.json();
    return Array.isArray(list) ? list.filter(isShot) : [];
  } catch {
    return [];
  }
}

/** The shots named `name`, in the reader's language when the gallery has it (else in English), narrowest first. */
export function shotsNamed(shots: readonly Shot[], name: string, locale: string): Shot[] {
  const named = shots.filter((shot) => shot.page === name);
  const inLocale = named.filter((shot) => shot.locale === locale);
  const chosen = inLocale.length ? inLocale : named.filter((shot) => shot.locale === 'en-us');
  return chosen.sort((a, b) => a.width - b.width);
}
