import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { withAddress } from './AddressText';

afterEach(cleanup);

describe('withAddress (issue 34 point 9)', () => {
  it('puts the address whole in its own wrapping span inside the translated sentence', () => {
    const { container } = render(
      <MantineProvider>
        <p>{withAddress((target) => `Nhập mã gồm 6 chữ số đã được gửi tới ${target}.`, 'reg-vi-390@example.com')}</p>
      </MantineProvider>,
    );
    const paragraph = container.querySelector('p') as HTMLElement;
    expect(paragraph.textContent).toBe('Nhập mã gồm 6 chữ số đã được gửi tới reg-vi-390@example.com.');
    const address = screen.getByText('reg-vi-390@example.com');
    expect(address.tagName).toBe('SPAN');
    expect(address.className).toMatch(/address/);
    expect(address.getAttribute('translate')).toBe('no');
  });
});
