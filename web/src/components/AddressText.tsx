import { Text, type TextProps } from '@mantine/core';
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
