import { useLingui } from '@lingui/react/macro';
import { TextInput, type TextInputProps, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useHydrated } from '../lib/hydration.ts';
import classes from './password-field.module.css';

interface Props
  extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'rightSection' | 'rightSectionPointerEvents'> {
  value: string;
  onValueChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
}

/**
 * The password field of every form (login, sign-up, password change), with a show/hide button that a keyboard reaches
 * by Tab (decisions/0009-focus-and-keyboard.md). Written on TextInput rather than Mantine's PasswordInput: the login
 * page is the first screen on a phone, and PasswordInput brings ActionIcon and its groups along (2 KB gzip of the
 * first load) for this one button.
 */
export function PasswordField({ value, onValueChange, disabled, classNames, ...rest }: Props) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  // The toggle is a script's, like every ActionButton: offered once React has a server-rendered page.
  const hydrated = useHydrated();
  return (
    <TextInput
      {...rest}
      classNames={{ input: classes.input, ...classNames }}
      disabled={disabled}
      type={visible ? 'text' : 'password'}
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          className={classes.toggle}
          disabled={disabled || !hydrated}
          data-field-disabled={disabled || undefined}
          aria-label={t`Show or hide password`}
          aria-pressed={visible}
          // A pointer press must leave the caret in the field; Enter, Space and a tap still reach onClick.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </UnstyledButton>
      }
    />
  );
}

/** An eye while the password is hidden (press to show), a crossed-out eye while it is shown (press to hide). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
