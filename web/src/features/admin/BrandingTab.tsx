import { Button, FileButton, Group, Image, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type AdminBrand, AVATAR_TYPES, type LOGO_LOCALES } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { FormAlert } from '../../components/FormAlert';
import { LogoMark } from '../../components/Logo';
import { QueryState } from '../../components/QueryState';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { AdminCard } from './AdminCard';
import { ADMIN_QUERY_KEY, getBrands, putBrand, removeBrand, uploadLogo } from './api';
import { confirmAction } from './confirmAction';

const KEY = [...ADMIN_QUERY_KEY, 'branding'];
type Language = (typeof LOGO_LOCALES)[number];

/**
 * Branding per product (contracts/src/branding.ts): each block of the registry with its own name
 * and logo per language, shown on the sign-in pages its clients send people to.
 */
export function BrandingTab() {
  const { t } = useTranslation();
  const brands = useQuery({ queryKey: KEY, queryFn: getBrands });
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('admin_branding_intro')}
      </Text>
      <QueryState query={brands} empty={t('admin_branding_empty')}>
        {(rows) => (
          <Stack gap="md">
            {rows.map((brand) => (
              <BrandCard key={brand.blockId} brand={brand} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function BrandCard({ brand }: { brand: AdminBrand }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [nameVi, setNameVi] = useState(brand.nameVi ?? '');
  const [nameEn, setNameEn] = useState(brand.nameEn ?? '');
  const saved = (next: AdminBrand) => {
    queryClient.setQueryData<AdminBrand[]>(KEY, (rows) => rows?.map((r) => (r.blockId === next.blockId ? next : r)));
    notifyDone(t('admin_done'));
  };
  const save = useMutation({
    mutationFn: () => putBrand(brand.blockId, nameVi, nameEn.trim() || null),
    onSuccess: saved,
  });
  const upload = useMutation({
    mutationFn: ({ language, file }: { language: Language; file: File }) => uploadLogo(brand.blockId, language, file),
    onSuccess: saved,
    onError: (error) => notifyFailed(error, t),
  });
  const remove = useMutation({
    mutationFn: () => removeBrand(brand.blockId),
    onSuccess: (next) => {
      setNameVi('');
      setNameEn('');
      saved(next);
    },
    onError: (error) => notifyFailed(error, t),
  });
  const confirmRemove = () =>
    confirmAction({
      title: t('admin_branding_remove'),
      text: t('admin_branding_confirm_remove', { block: brand.blockTitle }),
      confirm: t('admin_confirm'),
      cancel: t('admin_cancel'),
      onConfirm: () => remove.mutate(),
    });
  return (
    <AdminCard
      id={`brand-${brand.blockId}`}
      title={brand.blockTitle}
      subtitle={brand.nameVi === null ? `${brand.blockId} · ${t('admin_branding_portal')}` : brand.blockId}
      actions={
        brand.nameVi !== null && (
          <Button variant="light" color="red" size="xs" loading={remove.isPending} onClick={confirmRemove}>
            {t('admin_branding_remove')}
          </Button>
        )
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('admin_branding_name_vi')}
            value={nameVi}
            onChange={(e) => setNameVi(e.currentTarget.value)}
            maxLength={100}
            required
          />
          <TextInput
            label={t('admin_branding_name_en')}
            value={nameEn}
            onChange={(e) => setNameEn(e.currentTarget.value)}
            maxLength={100}
          />
        </SimpleGrid>
        <FormAlert message={save.error ? errorText(save.error, t) : null} />
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={save.isPending}>
            {t('admin_branding_save')}
          </Button>
        </Group>
      </form>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="md">
        {(['vi', 'en'] as const).map((language) => {
          const logo = language === 'vi' ? brand.logoVi : brand.logoEn;
          const label = t(language === 'vi' ? 'admin_branding_logo_vi' : 'admin_branding_logo_en');
          return (
            <Group key={language} gap="sm" wrap="nowrap" align="center">
              {logo ? <Image src={logo} alt={label} h={48} w="auto" maw={160} fit="contain" /> : <LogoMark size={48} />}
              <Stack gap={4}>
                <Text fz="sm" fw={500}>
                  {label}
                </Text>
                {!logo && (
                  <Text fz="xs" c="dimmed">
                    {t('admin_branding_logo_none')}
                  </Text>
                )}
                <FileButton
                  accept={AVATAR_TYPES.join(',')}
                  onChange={(file) => file && upload.mutate({ language, file })}
                  disabled={brand.nameVi === null}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      size="xs"
                      loading={upload.isPending && upload.variables?.language === language}
                      aria-label={`${t('admin_branding_upload')}: ${label}`}
                    >
                      {t('admin_branding_upload')}
                    </Button>
                  )}
                </FileButton>
              </Stack>
            </Group>
          );
        })}
      </SimpleGrid>
    </AdminCard>
  );
}
