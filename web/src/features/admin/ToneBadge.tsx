import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The console's state badges: filled in dark shades, on which white reads at 4.5:1 and more (the
 * light variant's coloured text on its tint does not, axe's color-contrast).
 */
const TONES = {
  positive: 'teal.9',
  negative: 'red.8',
  neutral: 'gray.7',
  info: 'blue.8',
  warning: 'orange.9',
} as const;
export type Tone = keyof typeof TONES;

export function ToneBadge({
  tone,
  children,
  ...props
}: { tone: Tone; children: ReactNode } & Omit<BadgeProps, 'color' | 'variant'>) {
  return (
    <Badge variant="filled" color={TONES[tone]} {...props}>
      {children}
    </Badge>
  );
}
