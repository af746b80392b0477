import { Group, Image, Text } from '@mantine/core';
import { useId } from 'react';

/** The Portico mark: a portico (pediment over three columns) on a blue-teal tile. */
export function LogoMark({ size = 36 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="1" stopColor="#14b8a6" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="10" fill={`url(#${gradient})`} />
      <path d="M8 15 20 8l12 7z" fill="#fff" />
      <rect x="10" y="17" width="3.5" height="13" rx="1" fill="#fff" />
      <rect x="18.25" y="17" width="3.5" height="13" rx="1" fill="#fff" />
      <rect x="26.5" y="17" width="3.5" height="13" rx="1" fill="#fff" />
      <rect x="7" y="30.5" width="26" height="3" rx="1.5" fill="#fff" />
    </svg>
  );
}

/** Mark (or a product's own logo, web/src/settings/useBrand.ts) plus product name. */
export function Logo({
  name,
  color,
  size = 36,
  logo,
}: {
  name: string;
  color?: string;
  size?: number;
  logo?: string | null;
}) {
  return (
    <Group gap={10} wrap="nowrap" style={{ minWidth: 0 }}>
      {logo ? <Image src={logo} alt="" h={size} w="auto" maw={size * 4} fit="contain" /> : <LogoMark size={size} />}
      <Text fw={800} fz={size >= 36 ? 'xl' : 'lg'} c={color} style={{ letterSpacing: '-0.01em' }} lh={1.2} truncate>
        {name}
      </Text>
    </Group>
  );
}
