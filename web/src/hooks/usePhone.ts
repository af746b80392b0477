import { useMediaQuery } from '@mantine/hooks';

/**
 * A phone (or any touch screen, or a phone's width): the pages that would say "scan this" or
 * "press these keys" say what works there instead. Read at once, so the first paint is right.
 */
export const usePhone = (): boolean =>
  useMediaQuery('(pointer: coarse), (max-width: 36em)', false, { getInitialValueInEffect: false });
