import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/setup';
import { NameFields } from './NameFields';

const renderAt = (path: string) =>
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <NameFields values={{ firstName: 'Văn A', lastName: 'Nguyễn' }} onChange={() => undefined} errors={{}} />
        </MemoryRouter>
      </I18nextProvider>
    </MantineProvider>,
  );

const names = () => screen.getAllByRole('textbox').map((input) => input.getAttribute('name'));

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('vi-VN'));
});

describe('NameFields (issue 8, point 23)', () => {
  it('lists the last name first in Vietnamese', () => {
    renderAt('/account/info');
    expect(names()).toEqual(['lastName', 'firstName']);
  });

  it('lists First name before Last name in English', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    renderAt('/en-us/register');
    expect(names()).toEqual(['firstName', 'lastName']);
    expect(screen.getAllByRole('textbox').map((input) => input.closest('div')?.parentElement?.textContent)).toEqual([
      expect.stringContaining('First name'),
      expect.stringContaining('Last name'),
    ]);
  });
});
