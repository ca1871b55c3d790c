/**
 * The buttons of a server-rendered first screen a reader could press before the scripts have taken the page over:
 * each would do nothing (or let the browser submit its form itself), so none may be enabled. Links work without
 * scripts and are not buttons here.
 */
export function enabledButtons(html: string): string[] {
  return [...html.matchAll(/<button\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !/\sdisabled(=|\s|>)/.test(tag));
}
