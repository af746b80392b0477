import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Countdown } from './Countdown';
import { FormAlert } from './FormAlert';
import { OtpInput, type OtpInputProps } from './OtpInput';
import type { CodeStep as CodeStepState } from './useCodeStep';

export interface CodeStepProps {
  step: CodeStepState;
  /** Above the code: where it went, the account, a method choice. */
  before?: ReactNode;
  /** Between the countdown and the alert: the step's other fields. */
  after?: ReactNode;
  /** The buttons; the submit button checks the code (loading={step.checking}). */
  actions: ReactNode;
  /** More props of the code field (data-autofocus inside a modal). */
  inputProps?: Partial<OtpInputProps> & { 'data-autofocus'?: boolean };
}

/**
 * The code step's form (useCodeStep.ts): the 6-digit field, the countdown with its resend link,
 * the captcha once the server asks for one, the step's alert and the page's buttons. Enter in the
 * field checks the code.
 */
export function CodeStep({ step, before, after, actions, inputProps }: CodeStepProps) {
  return (
    <form onSubmit={(e) => void step.submit(e)} noValidate>
      <Stack gap="md">
        {before}
        <OtpInput ref={step.inputRef} value={step.otp} onChange={step.setOtp} error={step.errors.otp} {...inputProps} />
        {step.canResend && (
          <Countdown
            seconds={step.seconds}
            restartKey={step.round}
            onResend={() => void step.resend()}
            busy={step.sending}
          />
        )}
        {after}
        {step.captcha.field}
        <FormAlert message={step.alert} />
        {actions}
      </Stack>
    </form>
  );
}
