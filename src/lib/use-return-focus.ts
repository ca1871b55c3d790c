import { useEffect, useState } from 'react';

/**
 * How long a page may take to show or enable the opener again (a list reloads after its dialog changed it): a
 * reload over a phone's network, or on a busy machine, can take several seconds. Focus is only given while nothing
 * else has it, so waiting longer never takes it from where the reader put it.
 */
const REAPPEAR_MS = 10_000;

/** What names a control to a reader: its tag, its test id, its accessible label or its text. */
function identity(element: HTMLElement): string {
  const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return `${element.tagName}|${element.getAttribute('data-testid') ?? ''}|${name.replace(/\s+/g, ' ').trim()}`;
}

/** The one enabled control on the page that reads as the opener did, null when there is none or more than one. */
function sameControl(opener: HTMLElement): HTMLElement | null {
  const wanted = identity(opener);
  const candidates = Array.from(document.querySelectorAll<HTMLElement>(opener.tagName)).filter(
    (element) => identity(element) === wanted && !element.hasAttribute('disabled'),
  );
  return candidates.length === 1 ? candidates[0] : null;
}

const nothingFocused = () => document.activeElement === null || document.activeElement === document.body;

interface Shown {
  /** What had focus when the dialog first rendered: the control that opened it. */
  opener: HTMLElement | null;
  /** The app's root around the opener; when it went (a test's cleanup, an unmounted app), nobody waits for focus. */
  root: HTMLElement | null;
  /**
   * The dialog on show that this one was opened from, or takes the place of (a confirmation followed by its result:
   * keys, a secret): its button that opened this one is gone by the time this one closes.
   */
  from: Shown | null;
}

/** The dialogs on show that give focus back, in the order they appeared. */
const shown: Shown[] = [];

/** A dialog's opener as it first renders; one opened from inside another dialog is followed back to the page. */
function openedFrom(active: HTMLElement | null): Shown {
  const from = shown.at(-1) ?? null;
  if (from && (!active || active === document.body || active.closest('[role="dialog"]')))
    return { opener: active, root: from.root, from };
  // The app's root stays; when it went (a test's cleanup, an unmounted app), nobody is waiting for focus.
  let top = active;
  while (top?.parentElement && top.parentElement !== document.body) top = top.parentElement;
  return { opener: active, root: top, from: null };
}

/**
 * Where focus goes back to: the opener, or the one control that reads as it did; for a dialog opened from another
 * whose button is gone, where that one gives it back, down to the page's control that started it all.
 */
function returnTarget(dialog: Shown): HTMLElement | null {
  for (let entry: Shown | null = dialog; entry; entry = entry.from) {
    const { opener } = entry;
    if (!opener || opener === document.body) continue;
    const target = opener.isConnected ? opener : sameControl(opener);
    if (target) return target;
  }
  return null;
}

/** Whether anything in the page opened the dialog (a dialog shown on arrival was opened by nothing). */
function hasOpener(dialog: Shown): boolean {
  for (let entry: Shown | null = dialog; entry; entry = entry.from)
    if (entry.opener && entry.opener !== document.body) return true;
  return false;
}

/**
 * The page's heading, made focusable from script only: where the reader is kept while the opener is disabled, and
 * stays when it is gone for good (its row was removed, Revoke All left nothing to revoke). Focus on <body> puts a
 * keyboard reader back at the top of the document and tells a screen reader nothing.
 */
function focusHeading(root: HTMLElement): HTMLElement | null {
  const heading = root.querySelector<HTMLElement>('h1');
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return document.activeElement === heading ? heading : null;
}

/**
 * Gives focus back to the control that opened a dialog when the dialog goes away. Mantine's Modal does this only when
 * its `opened` prop turns from false to true and back; a dialog that is mounted already open because the machine
 * entered a state (and unmounted when it leaves) never tells it, and focus would drop to <body>. When the page drew
 * the opener anew meanwhile (a list reloads after the dialog changed it), the one control that reads the same gets it;
 * one disabled while the page reloads gets it once enabled again, the page's heading holding focus meanwhile; when
 * there is no such control, the heading keeps it.
 */
export function useReturnFocus(): void {
  // Read during the first render, before the dialog's focus trap moves focus into it, and before a dialog this one
  // replaces is gone.
  const [dialog] = useState(() =>
    openedFrom(typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)),
  );
  useEffect(() => {
    shown.push(dialog);
    return () => {
      shown.splice(shown.indexOf(dialog), 1);
      const started = Date.now();
      let waitingOn: HTMLElement | null = null;
      // After the unmount settles, and only while nothing else has taken focus (or the heading still holds it for us).
      const attempt = () => {
        const free = nothingFocused() || (waitingOn !== null && document.activeElement === waitingOn);
        if (!free || !dialog.root?.isConnected || !hasOpener(dialog)) return;
        const target = returnTarget(dialog);
        target?.focus({ preventScroll: true });
        if (target && document.activeElement === target) return;
        waitingOn ??= focusHeading(dialog.root);
        // A disabled control takes no focus: the page may enable it once it has reloaded what the dialog changed.
        if (Date.now() - started < REAPPEAR_MS) window.setTimeout(attempt, 50);
      };
      window.setTimeout(attempt, 0);
    };
  }, [dialog]);
}
