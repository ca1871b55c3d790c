import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import { useHydrated } from '../lib/hydration.ts';

type Props = ButtonProps & ElementProps<'button', keyof ButtonProps>;

/**
 * A button whose press runs a script. On a page the server rendered it is offered once React has the page (its
 * scripts start after the first paint): before that, pressing it would do nothing, or let the browser submit a form
 * itself. Links work without scripts and need none of this.
 */
export function ActionButton({ disabled, ...rest }: Props) {
  const hydrated = useHydrated();
  return <Button {...rest} disabled={disabled || !hydrated} />;
}
