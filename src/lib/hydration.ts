import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether React has taken over the page. A page the server rendered (src/entry-server.tsx) is on screen before its
 * scripts run; until they have, its buttons would do nothing (or, for a form, the browser's own submission), so
 * they are offered only from then on.
 */
let hydrated = false;
const listeners = new Set<() => void>();

/** For a page the SPA renders itself: it is React's from the first render. */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False on the server and while hydrating (so both renders agree), true once React has the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the reader typed or chose before React had the page: the field and its value then. */
const early = new Map<Field, string | boolean>();
let stopWatching: (() => void) | null = null;

/**
 * Called before hydration starts: records the fields the reader has already changed, and keeps recording until
 * hydration is done. A change made while React hydrates can be lost too (React puts a controlled field back to the
 * value it rendered), so the record, not the field, says what the reader did.
 */
export function watchEarlyInput(root: HTMLElement): void {
  for (const field of fieldsOf(root)) if (changed(field)) early.set(field, current(field));
  const record = (event: Event) => {
    const field = event.target;
    if (isField(field) && root.contains(field)) early.set(field, current(field));
  };
  document.addEventListener('input', record, true);
  document.addEventListener('change', record, true);
  stopWatching = () => {
    document.removeEventListener('input', record, true);
    document.removeEventListener('change', record, true);
  };
}

/**
 * Rendered once at the root, on both sides. After hydration it hands React what the reader typed or chose before:
 * React keeps such a value on screen but never hears of it, so a form's machine would submit the empty value it
 * rendered. Then it marks the page hydrated, which enables the buttons.
 */
export function HydrationDone() {
  useEffect(() => {
    stopWatching?.();
    stopWatching = null;
    for (const [field, value] of early) if (field.isConnected) replay(field, value);
    early.clear();
    markHydrated();
  }, []);
  return null;
}

/**
 * Tells React of a value the way a browser would: the value React last saw is set back to the rendered default
 * through the element (React tracks that), the reader's value through the prototype's setter (which React does not
 * see), then the event React listens to for that kind of field.
 */
function replay(field: Field, value: string | boolean): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    field.checked = field.defaultChecked;
    setNative(HTMLInputElement.prototype, 'checked', field, value);
    field.dispatchEvent(new Event('click', { bubbles: true }));
    return;
  }
  field.value = defaultOf(field);
  setNative(Object.getPrototypeOf(field) as object, 'value', field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

function fieldsOf(root: HTMLElement): Field[] {
  return [...root.querySelectorAll<Field>('input, textarea, select')];
}

function isField(target: EventTarget | null): target is Field {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

const isToggle = (field: Field) =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const current = (field: Field) => (isToggle(field) ? (field as HTMLInputElement).checked : field.value);
const changed = (field: Field) =>
  isToggle(field)
    ? (field as HTMLInputElement).checked !== (field as HTMLInputElement).defaultChecked
    : field.value !== defaultOf(field);

/** The value the server rendered the field with. */
function defaultOf(field: Field): string {
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue;
  const option = [...field.options].find((candidate) => candidate.defaultSelected) ?? field.options[0];
  return option?.value ?? '';
}

function setNative(prototype: object, property: 'value' | 'checked', field: Element, value: unknown): void {
  Object.getOwnPropertyDescriptor(prototype, property)?.set?.call(field, value);
}
