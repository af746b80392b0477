import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/setup';
import { PasswordStrength } from './PasswordStrength';

const renderMeter = (value: string) =>
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <PasswordStrength value={value} />
      </I18nextProvider>
    </MantineProvider>,
  );

const ruleOk = (name: string) => screen.getByText(name).getAttribute('data-ok');

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('PasswordStrength', () => {
  it('says a common password is too common, not very strong, and leaves that rule unticked (issue 8, point 21)', async () => {
    renderMeter('Password1!');
    const meter = screen.getByRole('meter');
    await waitFor(() => expect(meter.getAttribute('aria-valuetext')).toBe('Quá phổ biến'), { timeout: 5000 });
    expect(meter.getAttribute('aria-valuenow')).toBe('1');
    expect(ruleOk('Không phải mật khẩu phổ biến')).toBe('false');
    expect(ruleOk('Ít nhất 1 chữ số')).toBe('true');
  });

  it('rates an uncommon Unicode password by the spec and ticks every rule', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    renderMeter('Mật-khẩu-rất-dài-2026');
    await waitFor(() => expect(ruleOk('Not a common password')).toBe('true'), { timeout: 5000 });
    const meter = screen.getByRole('meter');
    expect(meter.getAttribute('aria-valuetext')).toBe('Very strong');
    expect(meter.getAttribute('aria-valuenow')).toBe('4');
    for (const rule of ['At least 6 characters', 'At least 1 digit']) expect(ruleOk(rule), rule).toBe('true');
    expect(screen.getByText(/Any characters may be used/)).toBeTruthy();
  });

  it('counts a space as the special character', () => {
    renderMeter('mật khẩu 1');
    expect(screen.getByText(/Ít nhất 1 ký tự đặc biệt/).getAttribute('data-ok')).toBe('true');
  });

  it('writes the rules at body size in dark grey, not 12 px dimmed (issue 34 point 9)', () => {
    renderMeter('abc');
    const rule = screen.getByText('Ít nhất 1 chữ số').closest('li') as HTMLElement;
    const list = rule.closest('ul') as HTMLElement;
    expect(list.getAttribute('style')).toContain('--list-fz: var(--mantine-font-size-sm)');
    expect(rule.getAttribute('style')).toContain('var(--mantine-color-gray-7)');
  });
});
