import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import classes from './hidden-page-heading.module.css';

/**
 * The h1 of a state that shows only progress or a retry button. Every state of a page keeps one h1, so someone
 * jumping by headings always lands on the page's name, as the tab title says it, while the spinner turns.
 */
export function HiddenPageHeading({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return <h1 className={classes.hidden}>{i18n._(title)}</h1>;
}
