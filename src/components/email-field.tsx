import { useLingui } from '@lingui/react/macro';
import { TextInput, type TextInputProps } from '@mantine/core';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'label' | 'type' | 'maxLength'> {
  value: string;
  onValueChange: (value: string) => void;
  /** The form field's name, as the server's validation names it; `email` unless the call calls it otherwise. */
  name?: string;
}

/** The e-mail field of every form: one label, one limit (the server's), the browser's e-mail keyboard and autofill. */
export function EmailField({ value, onValueChange, name = 'email', autoComplete = 'email', ...rest }: Props) {
  const { t } = useLingui();
  return (
    <TextInput
      {...rest}
      label={t`Email`}
      type="email"
      name={name}
      autoComplete={autoComplete}
      maxLength={EMAIL_MAX_LENGTH}
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
    />
  );
}
