import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  formatPersonName,
  type GeneralProfile,
  infoBirthYearMax,
  type Locale,
  MARITAL_STATUSES,
  nameInitials,
} from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { DateSelect } from '../../components/DateSelect';
import { Icon } from '../../components/Icon';
import { NameFields } from '../../components/NameFields';
import { postToHost } from '../../embed/bridge';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { focusFirstError, splitApiError, translateKeys } from '../../lib/formErrors';
import { useAppSettings } from '../settings/useAppSettings';
import { AvatarCropper } from './AvatarCropper';
import { cancelLinking, getProfile, INFO_QUERY_KEY, updateProfile, uploadAvatar } from './api';
import { formatBirthdate, needsSearch } from './format';
import {
  AVATAR_ACCEPT,
  formFromProfile,
  INFO_FIELD_ORDER,
  type InfoForm,
  isAcceptedImage,
  payloadOf,
  socialLinks,
  textToHtml,
  timezoneOptions,
  validateInfo,
} from './logic';
import { SafeHtml } from './SafeHtml';

/** Host message after a save in the embedded page (/info). */
export const INFO_SAVED_MESSAGE = 'info_noti_info_success';

const LANGUAGE_LABEL: Record<string, string> = { 'vi-VN': 'lang_vi', 'en-US': 'lang_en' };

export interface InfoPageProps {
  /** /info in the mobile app: opens in edit mode, no cancel, no social box; the host is told of a save. */
  embedded?: boolean;
}

/**
 * General info (spec account §2 General info page, §4, §5): the read view (avatar, full name,
 * gender, birth date, identification, marital status, language, user id, bio), the edit form
 * behind the edit button, the avatar cropper, and the Facebook / Google links box.
 */
export function InfoPage({ embedded = false }: InfoPageProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(embedded);
  const profile = useQuery({ queryKey: INFO_QUERY_KEY, queryFn: getProfile, retry: false });
  usePageTitle(editing ? 'info_edit_title' : 'menu_info');

  let body: ReactNode;
  if (profile.isPending) {
    body = (
      <Center py="xl" role="status" aria-label={t('app_loading')}>
        <Loader type="dots" />
      </Center>
    );
  } else if (profile.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
        {errorText(profile.error, t)}
      </Alert>
    );
  } else if (editing) {
    body = (
      <InfoEditForm
        profile={profile.data}
        embedded={embedded}
        onDone={() => !embedded && setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );
  } else {
    body = <InfoReadView profile={profile.data} onEdit={() => setEditing(true)} />;
  }

  return (
    <Stack gap="lg" maw={760} mx={embedded ? undefined : 'auto'} w="100%">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {editing && !embedded && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            mt={2}
            aria-label={t('common_back')}
            title={t('common_back')}
            onClick={() => setEditing(false)}
          >
            <BackArrow />
          </ActionIcon>
        )}
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {editing ? t('info_edit_title') : t('menu_info')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('info_intro')}
          </Text>
        </div>
      </Group>
      <Paper withBorder={!embedded} radius="lg" p={embedded ? 0 : { base: 'md', sm: 'xl' }} bg="white">
        {body}
      </Paper>
      {!embedded && !editing && profile.isSuccess && <SocialLinksBox profile={profile.data} />}
    </Stack>
  );
}

export default InfoPage;

/** /info: the embedded variant. */
export function EmbeddedInfoPage() {
  return <InfoPage embedded />;
}

function BackArrow() {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <line x1="19" y1="12" x2="5" y2="12" />
      <polyline points="12 19 5 12 12 5" />
    </svg>
  );
}

function PencilIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.121 2.121 0 0 1 3 3L7 19l-4 1 1-4L16.5 3.5z" />
    </svg>
  );
}

// ---- Avatar -----------------------------------------------------------------------------------

function AvatarBlock({ profile }: { profile: GeneralProfile }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const { locale } = useLocale();
  const name = formatPersonName(profile, locale);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (!isAcceptedImage(chosen)) {
      notifications.show({ color: 'red', message: t('invalid_image') });
      return;
    }
    setFile(chosen);
  };

  const onUnreadable = useCallback(() => {
    setFile(null);
    notifications.show({ color: 'red', message: t('invalid_image') });
  }, [t]);

  const onCrop = useCallback(
    async (image: Blob, fileName: string) => {
      try {
        const { avatar } = await uploadAvatar(image, fileName);
        queryClient.setQueryData<GeneralProfile>(INFO_QUERY_KEY, (old) => (old ? { ...old, avatar } : old));
        notifications.show({ color: 'teal', message: t('info_avatar_success') });
        setFile(null);
      } catch (err) {
        notifications.show({ color: 'red', message: errorText(err, tr) });
        throw err;
      }
    },
    [queryClient, t, tr],
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
          accept={AVATAR_ACCEPT}
          hidden
          aria-label={t('info_avatar_change')}
          onChange={(e) => choose(e.currentTarget.files?.[0])}
        />
      </Stack>
      <AvatarCropper file={file} onClose={() => setFile(null)} onCrop={onCrop} onUnreadable={onUnreadable} />
    </Group>
  );
}

// ---- Read view --------------------------------------------------------------------------------

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fz="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Box component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Stack>
  );
}

function InfoReadView({ profile, onEdit }: { profile: GeneralProfile; onEdit: () => void }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { locale } = useLocale();
  const notSet = (
    <Text span c="dimmed" fw={400} fs="italic">
      {t('info_not_set')}
    </Text>
  );
  const marital = MARITAL_STATUSES.find((m) => m.id === profile.maritalStatus);
  const language = LANGUAGE_LABEL[profile.languageId];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <AvatarBlock profile={profile} />
        <Button leftSection={<PencilIcon />} onClick={onEdit}>
          {t('info_edit')}
        </Button>
      </Group>
      <Divider />
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md" m={0}>
        <Field label={t('info_full_name')}>{formatPersonName(profile, locale) || notSet}</Field>
        <Field label={t('details_gender')}>{profile.genderText || notSet}</Field>
        <Field label={t('details_birthdate')}>{formatBirthdate(profile.birthdate, locale) || notSet}</Field>
        <Field label={t('info_identification')}>{profile.identification || notSet}</Field>
        <Field label={t('info_marital_status')}>
          {marital ? tr(marital.key) : profile.maritalStatusText || notSet}
        </Field>
        <Field label={t('info_language')}>{language ? tr(language) : profile.languageText || notSet}</Field>
        <Field label={t('info_timezone')}>{profile.timezone || notSet}</Field>
        <Field label={t('info_user_id')}>
          <Text span ff="monospace" fz="sm">
            {profile.id}
          </Text>
        </Field>
      </SimpleGrid>
      <Field label={t('info_bio')}>{profile.bio.trim() ? <SafeHtml html={profile.bio} fw={400} /> : notSet}</Field>
    </Stack>
  );
}

// ---- Edit form --------------------------------------------------------------------------------

function InfoEditForm({
  profile,
  embedded,
  onDone,
  onCancel,
}: {
  profile: GeneralProfile;
  embedded: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const { settings } = useAppSettings();
  const [values, setValues] = useState<InfoForm>(() => formFromProfile(profile));
  const [bioTouched, setBioTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const set = (patch: Partial<InfoForm>) => {
    setValues((v) => ({ ...v, ...patch }));
    // A field's message goes once the field is changed.
    setErrors((e) => {
      const keys = Object.keys(patch).filter((k) => e[k]);
      if (keys.length === 0) return e;
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });
  };

  const languages = settings.locales.map((l: Locale) => ({ value: l, label: tr(LANGUAGE_LABEL[l] ?? l) }));
  const zones = useMemo(() => timezoneOptions(profile.timezone), [profile.timezone]);
  const maritals = MARITAL_STATUSES.map((m) => ({ value: String(m.id), label: tr(m.key) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const invalid = validateInfo(values);
    if (Object.keys(invalid).length > 0) {
      setErrors(translateKeys(invalid, tr));
      focusFirstError(form.current, INFO_FIELD_ORDER, invalid);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const bio = bioTouched ? textToHtml(values.bio) : profile.bio;
      const saved = await updateProfile(payloadOf(values, bio));
      queryClient.setQueryData(INFO_QUERY_KEY, saved);
      notifications.show({ color: 'teal', message: t('info_noti_info_success') });
      if (embedded) {
        postToHost(INFO_SAVED_MESSAGE);
        setValues(formFromProfile(saved));
        setBioTouched(false);
      }
      onDone();
    } catch (err) {
      const split = splitApiError(err, INFO_FIELD_ORDER, tr);
      setErrors(split.fields);
      setAlert(split.alert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <AvatarBlock profile={profile} />
        <NameFields values={values} onChange={set} errors={errors} />
        <Radio.Group
          name="gender"
          label={t('details_gender')}
          value={values.gender}
          onChange={(gender) => set({ gender })}
          error={errors.gender}
        >
          <Group gap="lg" mt={6}>
            {settings.genders.map((g) => (
              <Radio key={g.id} value={String(g.id)} label={tr(g.key)} />
            ))}
          </Group>
        </Radio.Group>
        <DateSelect
          label={t('details_birthdate')}
          value={values.birthdate}
          onChange={(birthdate) => set({ birthdate })}
          error={errors.birthdate}
          minYear={1900}
          maxYear={infoBirthYearMax()}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            name="identification"
            label={t('info_identification')}
            description={t('info_identification_hint')}
            // The hint under the field, so the two columns' inputs stay level (issue 8, point 24).
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            size="md"
            maxLength={20}
            value={values.identification}
            onChange={(e) => set({ identification: e.currentTarget.value })}
            error={errors.identification}
          />
          <Select
            name="maritalStatus"
            label={t('info_marital_status')}
            placeholder={t('info_select_placeholder')}
            size="md"
            data={maritals}
            value={values.maritalStatus || null}
            onChange={(v) => set({ maritalStatus: v ?? '' })}
            error={errors.maritalStatus}
            clearable
            allowDeselect
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            name="languageId"
            label={t('info_language')}
            size="md"
            data={languages}
            value={values.languageId || null}
            onChange={(v) => set({ languageId: v ?? '' })}
            error={errors.languageId}
            searchable={needsSearch(languages.length)}
            nothingFoundMessage={t('info_search_nothing')}
            allowDeselect={false}
          />
          <Select
            name="timezone"
            label={t('info_timezone')}
            size="md"
            data={zones}
            value={values.timezone || null}
            onChange={(v) => set({ timezone: v ?? '' })}
            error={errors.timezone}
            searchable={needsSearch(zones.length)}
            nothingFoundMessage={t('info_search_nothing')}
            allowDeselect={false}
            limit={100}
          />
        </SimpleGrid>
        <Textarea
          name="bio"
          label={t('info_bio')}
          size="md"
          autosize
          minRows={3}
          maxRows={10}
          value={values.bio}
          onChange={(e) => {
            setBioTouched(true);
            set({ bio: e.currentTarget.value });
          }}
          error={errors.bio}
        />
        {alert && (
          <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
            {alert}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {!embedded && (
            <Button variant="default" size="md" type="button" onClick={onCancel} disabled={busy}>
              {t('common_cancel')}
            </Button>
          )}
          <Button type="submit" size="md" loading={busy} miw={140}>
            {t('common_save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// ---- Social links -----------------------------------------------------------------------------

function SocialLinksBox({ profile }: { profile: GeneralProfile }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const links = socialLinks(profile.userClaims);

  const unlink = (provider: (typeof links)[number]) => {
    const claim = provider.claim;
    if (!claim) return;
    modals.openConfirmModal({
      title: t('info_social_unlink_named', { provider: provider.name }),
      centered: true,
      children: <Text fz="sm">{t('info_social_unlink_confirm', { provider: provider.name })}</Text>,
      labels: { confirm: t('info_social_unlink'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await cancelLinking({ claimId: claim.id, providerName: provider.name });
          notifications.show({ color: 'teal', message: t('link_remove_success') });
          await queryClient.invalidateQueries({ queryKey: INFO_QUERY_KEY });
          await queryClient.invalidateQueries({ queryKey: ['current-user'] });
        } catch (err) {
          notifications.show({ color: 'red', message: errorText(err, tr) });
        }
      },
    });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      bg="white"
      component="section"
      aria-labelledby="social-title"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="social-title">
            {t('info_social_title')}
          </Title>
          <Text c="dimmed" fz="sm" mt={2}>
            {t('info_social_intro')}
          </Text>
        </div>
        {links.map((link) => (
          <Group key={link.name} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ProviderMark name={link.name} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{link.name}</Text>
                {link.claim && (
                  <Text fz="sm" c="dimmed" truncate>
                    {link.claim.claimValue}
                  </Text>
                )}
              </Stack>
            </Group>
            {link.claim ? (
              <Group gap="sm" wrap="nowrap">
                <Badge color="teal" variant="light" visibleFrom="xs">
                  {t('info_social_linked')}
                </Badge>
                <Button
                  variant="light"
                  color="red"
                  size="compact-md"
                  aria-label={t('info_social_unlink_named', { provider: link.name })}
                  onClick={() => unlink(link)}
                >
                  {t('info_social_unlink')}
                </Button>
              </Group>
            ) : (
              <Badge color="gray" variant="light">
                {t('info_social_not_linked')}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function ProviderMark({ name }: { name: 'Facebook' | 'Google' }) {
  const facebook = name === 'Facebook';
  return (
    <Center
      w={40}
      h={40}
      style={{
        borderRadius: '50%',
        flex: '0 0 auto',
        background: facebook ? '#1877F2' : 'white',
        border: facebook ? undefined : '1px solid var(--mantine-color-gray-3)',
      }}
      aria-hidden
    >
      <Text fw={800} fz={20} c={facebook ? 'white' : '#4285F4'} lh={1}>
        {facebook ? 'f' : 'G'}
      </Text>
    </Center>
  );
}
