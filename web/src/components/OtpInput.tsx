import { TextInput, type TextInputProps } from '@mantine/core';
import { OTP_LENGTH } from '@portico/contracts';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface OtpInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  /** Called with the code when the last digit is typed (or pasted). */
  onComplete?: (value: string) => void;
}

/**
 * The one-time code field of every code flow: one input, name="otp", 6 digits, numeric
 * keyboard, one-time-code autofill; non-digits are dropped as they are typed or pasted.
 * The label defaults to 'Verification code'.
 */
export const OtpInput = forwardRef<HTMLInputElement, OtpInputProps>(function OtpInput(
  { value, onChange, onComplete, label, name = 'otp', ...rest },
  ref,
) {
  const { t } = useTranslation();
  return (
    <TextInput
      ref={ref}
      name={name}
      label={label ?? t('otp_label')}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
        onChange(next);
        if (next.length === OTP_LENGTH && next !== value) onComplete?.(next);
      }}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      placeholder={'•'.repeat(OTP_LENGTH)}
      size="md"
      styles={{ input: { letterSpacing: '0.5em', fontWeight: 600, fontVariantNumeric: 'tabular-nums' } }}
      {...rest}
    />
  );
});
