// altcha's own React typing imports './' from its types folder, which NodeNext resolution does not follow: the
// element is typed here instead, with the attributes this page uses.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
        language?: string;
      };
    }
  }
}
