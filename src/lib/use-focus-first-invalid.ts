import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/** Fields a keyboard user can type into: what "the first field" of a form means. */
const EDITABLE =
  'input:not([type=hidden]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), select:not([disabled])';

/** The attribute Mantine's focus trap looks for first, so a form in a dialog gets the same field the form chose. */
const AUTOFOCUS = 'data-autofocus';

interface Options {
  /** The error the form shows; a new value (by identity) moves focus again, null means none. */
  error: unknown;
  /** The `name` of the input the error is about (failure-text.ts invalidFieldName), null when it is about no field. */
  invalidField: string | null;
  /** Focus the first field when the form appears; on by default. */
  focusFirst?: boolean;
}

/**
 * Focus for a form, as keyboard and screen-reader users expect it: the first field when the form appears; after a
 * failed submission the field in error (marked aria-invalid and described by the error text), or the error message
 * itself (role=alert, tabIndex -1) when the error is about no field. Mantine's inputs own their aria attributes
 * (they would reset a prop), so the marking is set on the element and taken off again when the error goes.
 */
export function useFocusFirstInvalid<T extends HTMLElement>({
  error,
  invalidField,
  focusFirst = true,
}: Options): RefObject<T | null> {
  const ref = useRef<T | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on appearance; later renders must not pull focus back
  useEffect(() => {
    const root = ref.current;
    if (!focusFirst || !root) return;
    // A form may name its own first field (data-autofocus), e.g. the one field an edit dialog is about.
    const chosen = Array.from(root.querySelectorAll<HTMLElement>(EDITABLE));
    const first = chosen.find((element) => element.hasAttribute(AUTOFOCUS)) ?? chosen[0];
    if (!first) return;
    first.setAttribute(AUTOFOCUS, '');
    // A form the server rendered was on screen before its scripts ran, and appears to React only at hydration: a
    // reader already in one of its fields keeps their place. Moving them would send the rest of a password being typed
    // into the Email field, in clear.
    if (document.activeElement && root.contains(document.activeElement)) return;
    first.focus({ preventScroll: true });
    // Only on appearance: later renders must not pull focus back while the user is elsewhere.
  }, []);

  // Layout effect: the marking must be in place before a screen reader reads the newly focused field.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || error === null || error === undefined) return;
    const message = root.querySelector<HTMLElement>('[role="alert"]');
    const field = invalidField ? root.querySelector<HTMLElement>(`[name="${invalidField}"]`) : null;
    if (field && message?.id) {
      const before = field.getAttribute('aria-describedby');
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', before ? `${message.id} ${before}` : message.id);
      field.focus();
      return () => {
        field.removeAttribute('aria-invalid');
        if (before) field.setAttribute('aria-describedby', before);
        else field.removeAttribute('aria-describedby');
      };
    }
    message?.focus();
    return undefined;
  }, [error, invalidField]);

  return ref;
}
