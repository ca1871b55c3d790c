import { useEffect } from 'react';

/**
 * While `active`, a reload, a closed tab or a typed address asks first: the browser's own question, the only one a
 * page may ask as it unloads. A secret shown once goes with the page; Escape and Close already ask
 * (machines/shared/show-once.ts), and without this a reload lost it without a word.
 */
export function useAskBeforeUnload(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers that predate preventDefault here ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}
