import { describe, expect, it } from 'vitest';
import { formatPersonName, nameFieldOrder, nameInitials } from './names.js';

const person = { firstName: 'Văn A', lastName: 'Nguyễn' };

describe('person names (issue 8, point 23)', () => {
  it('writes the family name first in Vietnamese, the given name first in English', () => {
    expect(formatPersonName(person, 'vi-VN')).toBe('Nguyễn Văn A');
    expect(formatPersonName(person, 'en-US')).toBe('Văn A Nguyễn');
    expect(formatPersonName(person, 'en')).toBe('Văn A Nguyễn');
  });

  it('leaves out missing or blank parts and trims', () => {
    expect(formatPersonName({ firstName: ' Lan ', lastName: null }, 'vi-VN')).toBe('Lan');
    expect(formatPersonName({ firstName: '', lastName: 'Trần' }, 'en-US')).toBe('Trần');
    expect(formatPersonName({}, 'vi-VN')).toBe('');
  });

  it('lists the form fields in the same order', () => {
    expect(nameFieldOrder('vi-VN')).toEqual(['lastName', 'firstName']);
    expect(nameFieldOrder('en-US')).toEqual(['firstName', 'lastName']);
  });

  it('takes the initials of the written name, so they follow the same order', () => {
    expect(nameInitials(formatPersonName(person, 'vi-VN'), 'vi-VN')).toBe('NA');
    expect(nameInitials(formatPersonName(person, 'en-US'), 'en-US')).toBe('VN');
    expect(nameInitials('đặng', 'vi-VN')).toBe('Đ');
    expect(nameInitials('demo@example.com', 'en-US')).toBe('D');
    expect(nameInitials('  ', 'en-US')).toBe('');
    expect(nameInitials('😀 Lan', 'en-US')).toBe('😀L');
  });
});
