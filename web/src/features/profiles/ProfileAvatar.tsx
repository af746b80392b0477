import { Avatar } from '@mantine/core';
import { nameInitials } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../hooks/useLocale';

/** A profile's picture, or its name's initials. */
export function ProfileAvatar({ name, src, size = 38 }: { name: string; src: string; size?: number }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Avatar src={src || undefined} alt={t('profiles_avatar_alt', { name })} size={size} radius={size} color="brand">
      {nameInitials(name, locale)}
    </Avatar>
  );
}
