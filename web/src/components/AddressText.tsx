import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './AddressText.module.css';

/**
 * An e-mail address or phone number the person must be able to check: shown whole (never cut
 * with an ellipsis), wrapping at the edge rather than at a hyphen. The page kit's one way to show
 * an account's address (the account chip, the code steps, the contacts).
 */
export function AddressText({
  children,
  className,
  ...props
}: TextProps & { children: string; 'data-testid'?: string }) {
  return (
    <Text {...props} className={className ? `${classes.address} ${className}` : classes.address} translate="no">
      {children}
    </Text>
  );
}

const MARK = '\u0000';

/**
 * A translated sentence with an address in it ("… sent to {{target}}"): the sentence wraps as
 * words do, the address inside it as AddressText does (never at its hyphens).
 * `sentence` builds the text with the value it is given in the address's place.
 */
export function withAddress(sentence: (placeholder: string) => string, address: string): ReactNode {
  const [before = '', after = ''] = sentence(MARK).split(MARK);
  return (
    <>
      {before}
      <AddressText span inherit>
        {address}
      </AddressText>
      {after}
    </>
  );
}
