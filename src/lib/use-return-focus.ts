import { useEffect, useState } from 'react';

/**
 * Gives focus back to the control that opened a dialog when the dialog goes away. Mantine's Modal does this only when
 * its `opened` prop turns from false to true and back; a dialog that is mounted already open because the machine
 * entered a state (and unmounted when it leaves) never tells it, and focus would drop to <body>.
 */
export function useReturnFocus(): void {
  // Read during the first render, before the dialog's focus trap moves focus into it.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(
    () => () => {
      if (!opener || opener === document.body) return;
      // After the unmount settles: only when nothing else took focus meanwhile.
      window.setTimeout(() => {
        const now = document.activeElement;
        if ((now === null || now === document.body) && opener.isConnected) opener.focus({ preventScroll: true });
      }, 0);
    },
    [opener],
  );
}
