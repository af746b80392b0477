import { forgotPasswordUsernameInput, resetPasswordInput } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { schemaMessages } from './useApiForm';
import { sentSeconds } from './useCodeStep';

const echo = (key: string) => `t:${key}`;

describe('useApiForm: the contracts schema as form messages', () => {
  it('keeps the first message of each form field, in the rules order, translated', () => {
    const found = schemaMessages(
      resetPasswordInput(),
      { username: 'lan@example.edu', token: 't', password: 'short', rePassword: '' },
      ['password', 'rePassword'],
      echo,
    );
    expect(found).toEqual({
      fields: { password: 't:error_password_invalid', rePassword: 't:error_repassword_empty' },
      alert: null,
    });
  });

  it('sends messages of paths that are not fields of the form to its alert', () => {
    const found = schemaMessages(
      resetPasswordInput(),
      { username: 'lan@example.edu', token: '', password: 'Matkhau-1', rePassword: 'Matkhau-1' },
      ['password', 'rePassword'],
      echo,
    );
    expect(found).toEqual({ fields: {}, alert: 't:password_reset_token_invalid' });
  });

  it('answers null for valid values', () => {
    expect(schemaMessages(forgotPasswordUsernameInput, { username: 'lan@example.edu' }, ['username'], echo)).toBe(null);
  });
});

describe('useCodeStep: the countdown of a send answer', () => {
  it('reads times, expirySecond or a number, never below zero', () => {
    expect(sentSeconds({ times: 119 })).toBe(119);
    expect(sentSeconds({ expirySecond: 300 })).toBe(300);
    expect(sentSeconds(45)).toBe(45);
    expect(sentSeconds(-4)).toBe(0);
    expect(sentSeconds(null)).toBe(0);
    expect(sentSeconds({})).toBe(0);
  });
});
