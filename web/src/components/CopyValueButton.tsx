import { Button, type ButtonProps, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

export interface CopyValueButtonProps extends Omit<ButtonProps, 'children' | 'leftSection'> {
  value: string;
  /** The button's words before the copy; "Copy" by default. */
  label?: string;
  disabled?: boolean;
}

/** The page kit's copy button: copies `value`, then says "Copied" (with a check) for 2 s. */
export function CopyValueButton({ value, label, disabled, ...props }: CopyValueButtonProps) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? 'filled' : 'default'}
          color={copied ? 'teal' : undefined}
          {...props}
          onClick={copy}
          disabled={disabled}
          leftSection={<Icon name={copied ? 'check' : 'copy'} size={16} />}
          aria-live="polite"
        >
          {copied ? t('common_copied') : (label ?? t('common_copy'))}
        </Button>
      )}
    </CopyButton>
  );
}
