import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { formatPersonName, type GeneralProfile, nameInitials } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../hooks/useLocale';
import { looseT } from '../../i18n/t';
import { IMAGE_ACCEPT, isAcceptedImage } from '../../lib/imageFiles';
import { notifyDone, notifyFailed, notifyRefused } from '../../lib/notify';
import { AvatarCropper } from './AvatarCropper';
import { INFO_QUERY_KEY, uploadAvatar } from './api';

/** The avatar with its change button: a gif/jpg/png file, cropped square, uploaded (spec account §4 Avatar). */
export function AvatarBlock({ profile }: { profile: GeneralProfile }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const { locale } = useLocale();
  const name = formatPersonName(profile, locale);
  const upload = useMutation({
    mutationFn: ({ image, fileName }: { image: Blob; fileName: string }) => uploadAvatar(image, fileName),
    onSuccess: ({ avatar }) => {
      queryClient.setQueryData<GeneralProfile>(INFO_QUERY_KEY, (old) => (old ? { ...old, avatar } : old));
      notifyDone(t('info_avatar_success'));
      setFile(null);
    },
    onError: (err) => notifyFailed(err, tr),
  });
  const { mutateAsync } = upload;

  const refuse = useCallback(() => notifyRefused(t('invalid_image')), [t]);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (!isAcceptedImage(chosen)) return refuse();
    setFile(chosen);
  };

  const onUnreadable = useCallback(() => {
    setFile(null);
    refuse();
  }, [refuse]);

  // The cropper stays open on a failed upload: it awaits the promise and shows its own busy state.
  const onCrop = useCallback(
    async (image: Blob, fileName: string) => {
      await mutateAsync({ image, fileName });
    },
    [mutateAsync],
  );

  return (
    <Group gap="md" wrap="nowrap">
      <Avatar src={profile.avatar || undefined} alt={t('info_avatar')} size={84} radius={84} color="brand">
        {nameInitials(name, locale)}
      </Avatar>
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Button
          variant="light"
          size="compact-md"
          onClick={() => input.current?.click()}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('info_avatar_change')}
        </Button>
        <Text fz="xs" c="dimmed">
          {t('info_avatar_types')}
        </Text>
        <input
          ref={input}
          type="file"
          name="file"
          accept={IMAGE_ACCEPT}
          hidden
          aria-label={t('info_avatar_change')}
          onChange={(e) => choose(e.currentTarget.files?.[0])}
        />
      </Stack>
      <AvatarCropper file={file} onClose={() => setFile(null)} onCrop={onCrop} onUnreadable={onUnreadable} />
    </Group>
  );
}
