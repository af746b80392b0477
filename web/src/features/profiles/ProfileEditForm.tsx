import {
  Accordion,
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { EDUCATION_LEVELS, EDUCATION_TYPES, GRADE_LEVELS, type UserProfile } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../chrome/openConfirm';
import { FormActions } from '../../components/FormActions';
import { FormStack } from '../../components/FormStack';
import { useApiForm } from '../../components/useApiForm';
import { looseT } from '../../i18n/t';
import { IMAGE_ACCEPT, isAcceptedImage } from '../../lib/imageFiles';
import { notifyDone, notifyFailed, notifyRefused } from '../../lib/notify';
import {
  lookupsKey,
  PROFILES_QUERY_KEY,
  profileKey,
  saveProfile,
  searchLookups,
  uploadCertificate,
  uploadProfileAvatar,
} from './api';
import {
  blankCertification,
  blankEducation,
  blankExperience,
  blankReference,
  dateRange,
  formOf,
  LIST_FIELDS,
  type ListField,
  monthRange,
  onlyOne,
  type ProfileForm,
  payloadOf,
  problemsOf,
} from './model';
import { ProfileAvatar } from './ProfileAvatar';

type Form = ReturnType<typeof useApiForm<ProfileForm, UserProfile>>;
const SECTION_TITLE = {
  educationList: 'profiles_section_education',
  experienceList: 'profiles_section_experience',
  certificationList: 'profiles_section_certification',
  referenceList: 'profiles_section_reference',
} as const satisfies Record<ListField, string>;
const BLANK: Record<ListField, () => ProfileForm[ListField][number]> = {
  educationList: blankEducation,
  experienceList: blankExperience,
  certificationList: blankCertification,
  referenceList: blankReference,
};

/**
 * A profile's edit mode (spec account §2 Profile page, §5 Profile edit): display name, avatar,
 * about-me and the four lists; on invalid input every section opens; deleting an entry asks first;
 * a successful save returns to the view.
 */
export function ProfileEditForm({ profile, onDone }: { profile: UserProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string[]>(['educationList']);
  const form: Form = useApiForm<ProfileForm, UserProfile>({
    initialValues: formOf(profile),
    fields: ['displayName', 'role', ...LIST_FIELDS],
    before: () => {
      const problems = problemsOf(form.form.getValues());
      if (!Object.keys(problems).length) return true;
      form.form.setErrors(Object.fromEntries(Object.entries(problems).map(([path, key]) => [path, tr(key)])));
      form.setAlert(t('profiles_fix_errors'));
      setOpen([...LIST_FIELDS]);
      return false;
    },
    submit: (values) => saveProfile({ userProfileId: profile.id, ...payloadOf(values) }),
    // A refusal of the server (a school or a file no longer there) opens every section too.
    onError: () => {
      setOpen([...LIST_FIELDS]);
      return undefined;
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKey(profile.id), saved);
      await queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY, exact: true });
      notifyDone(t('noti_edit'));
      onDone();
    },
  });
  const remove = (field: ListField, index: number) =>
    openConfirm({
      title: t('profiles_remove_item'),
      centered: true,
      radius: 'lg',
      children: t('profiles_remove_item_confirm'),
      labels: { confirm: t('profiles_remove_item'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => form.form.removeListItem(field, index),
    });

  const entries = (field: ListField, render: (index: number) => ReactNode) => (
    <Accordion.Item value={field} key={field}>
      <Accordion.Control>{t(SECTION_TITLE[field])}</Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          {(form.values[field] as { key: string }[]).map((entry, index) => (
            <Paper key={entry.key} withBorder radius="md" p="md">
              <Stack gap="sm">
                {render(index)}
                <Group justify="flex-end">
                  <Button variant="subtle" color="red" size="compact-sm" onClick={() => remove(field, index)}>
                    {t('profiles_remove_item')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
          <Button
            variant="light"
            onClick={() => form.form.insertListItem(field, BLANK[field]())}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('profiles_add_item')}
          </Button>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );

  return (
    <FormStack
      form={form}
      actions={<FormActions submit={t('common_save')} busy={form.busy} onCancel={onDone} size="md" miw={140} />}
    >
      <AvatarField profile={profile} />
      <TextInput {...form.field('displayName')} label={t('profiles_display_name')} withAsterisk maxLength={100} />
      <Textarea {...form.field('role')} label={t('profiles_role')} autosize minRows={2} maxLength={1000} />
      <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="md">
        {entries('educationList', (i) => (
          <EducationFields form={form} index={i} />
        ))}
        {entries('experienceList', (i) => (
          <ExperienceFields form={form} index={i} />
        ))}
        {entries('certificationList', (i) => (
          <CertificationFields form={form} index={i} />
        ))}
        {entries('referenceList', (i) => (
          <ReferenceFields form={form} index={i} />
        ))}
      </Accordion>
    </FormStack>
  );
}

function AvatarField({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [avatar, setAvatar] = useState(profile.avatar);
  const upload = useMutation({
    mutationFn: (file: File) => uploadProfileAvatar(profile.id, file),
    onSuccess: async (answer) => {
      setAvatar(answer.avatar);
      queryClient.setQueryData<UserProfile>(profileKey(profile.id), (old) => old && { ...old, avatar: answer.avatar });
      await queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY, exact: true });
    },
    onError: (err) => notifyFailed(err, t),
  });
  return (
    <Group gap="md">
      <ProfileAvatar name={profile.displayName} src={avatar} size={84} />
      <Button variant="light" size="compact-md" loading={upload.isPending} onClick={() => input.current?.click()}>
        {t('profiles_avatar_change')}
      </Button>
      <input
        ref={input}
        type="file"
        name="avatar"
        accept={IMAGE_ACCEPT}
        hidden
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          if (!isAcceptedImage(file)) return notifyRefused(t('invalid_image'));
          upload.mutate(file);
        }}
      />
    </Group>
  );
}

/** Lookups of a kind matching what is typed, for a select or an autocomplete. */
function useLookups(kind: 'school' | 'classification', typed: string) {
  const [q] = useDebouncedValue(typed, 250);
  return useQuery({ queryKey: lookupsKey(kind, q), queryFn: () => searchLookups(kind, q), staleTime: 60_000 });
}

function EducationFields({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const path = `educationList.${index}`;
  const entry = form.values.educationList[index]!;
  const schools = useLookups('school', entry.school.value ? '' : (entry.school.text ?? ''));
  const grades = useLookups('classification', '');
  const months = monthRange();
  const props = (name: string) => form.form.getInputProps(`${path}.${name}`);
  const schoolOptions = schools.data ?? [];
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          {...props('level')}
          label={t('profiles_level')}
          withAsterisk
          data={EDUCATION_LEVELS.map((l) => ({ value: l, label: tr(`edu_level_${l}`) }))}
          allowDeselect={false}
        />
        <Autocomplete
          label={t('profiles_school')}
          description={t('profiles_school_hint')}
          withAsterisk
          value={entry.school.text ?? ''}
          error={form.form.errors[`${path}.school`]}
          data={schoolOptions.map((s) => s.name)}
          // The server already matched the typed words, accents ignored (server/src/modules/lookups).
          filter={({ options }) => options}
          onChange={(text) => {
            const picked = schoolOptions.find((s) => s.name === text);
            form.form.setFieldValue(`${path}.school`, { value: picked?.id ?? null, text });
          }}
        />
        <TextInput {...props('major')} label={t('profiles_major')} maxLength={200} />
        <Select
          {...props('type')}
          label={t('profiles_type')}
          data={EDUCATION_TYPES.map((v) => ({ value: v, label: tr(`edu_type_${v}`) }))}
        />
        <Select
          label={t('profiles_classification')}
          withAsterisk
          data={(grades.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={entry.classification ? String(entry.classification) : null}
          error={form.form.errors[`${path}.classification`]}
          onChange={(v) => form.form.setFieldValue(`${path}.classification`, v ? Number(v) : null)}
        />
        {GRADE_LEVELS.includes(entry.level) && (
          <Select
            label={t('profiles_grade')}
            data={Array.from({ length: 12 }, (_, i) => ({
              value: String(i + 1),
              label: t('profiles_grade_n', { n: i + 1 }),
            }))}
            value={entry.grade ? String(entry.grade) : null}
            onChange={(v) => form.form.setFieldValue(`${path}.grade`, v ? Number(v) : null)}
          />
        )}
        {GRADE_LEVELS.includes(entry.level) && (
          <TextInput {...props('className')} label={t('profiles_class_name')} maxLength={50} />
        )}
        <MonthField form={form} path={`${path}.startDate`} label={t('profiles_start')} range={months} />
        {!entry.isStudying && (
          <MonthField form={form} path={`${path}.endDate`} label={t('profiles_end')} range={months} />
        )}
      </SimpleGrid>
      <Checkbox
        label={t('profiles_studying')}
        checked={entry.isStudying}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          const list = on
            ? onlyOne(form.form.getValues().educationList, index, 'isStudying')
            : form.form.getValues().educationList;
          form.form.setFieldValue(
            'educationList',
            list.map((item, i) =>
              i === index ? { ...item, isStudying: on, endDate: on ? null : item.endDate } : item,
            ),
          );
        }}
      />
    </>
  );
}

function ExperienceFields({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation();
  const path = `experienceList.${index}`;
  const entry = form.values.experienceList[index]!;
  const months = monthRange();
  const props = (name: string) => form.form.getInputProps(`${path}.${name}`);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput {...props('roleName')} label={t('profiles_role_name')} maxLength={200} />
        <TextInput {...props('company')} label={t('profiles_company')} maxLength={200} />
        <TextInput {...props('address')} label={t('profiles_address')} maxLength={300} />
        <MonthField form={form} path={`${path}.startDate`} label={t('profiles_start')} range={months} />
        {!entry.isWorking && (
          <MonthField form={form} path={`${path}.endDate`} label={t('profiles_end')} range={months} />
        )}
      </SimpleGrid>
      <Checkbox
        label={t('profiles_working')}
        checked={entry.isWorking}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          const list = on
            ? onlyOne(form.form.getValues().experienceList, index, 'isWorking')
            : form.form.getValues().experienceList;
          form.form.setFieldValue(
            'experienceList',
            list.map((item, i) => (i === index ? { ...item, isWorking: on, endDate: on ? null : item.endDate } : item)),
          );
        }}
      />
    </>
  );
}

function CertificationFields({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation();
  const path = `certificationList.${index}`;
  const entry = form.values.certificationList[index]!;
  const input = useRef<HTMLInputElement>(null);
  const props = (name: string) => form.form.getInputProps(`${path}.${name}`);
  const dates = dateRange();
  const upload = useMutation({
    mutationFn: uploadCertificate,
    // The entry is found again by its key: another may have been removed while the file went up.
    onSuccess: (file) =>
      form.form.setFieldValue(
        'certificationList',
        form.form
          .getValues()
          .certificationList.map((c) =>
            c.key === entry.key ? { ...c, fileId: file.fileId, fileUrl: file.url, fileName: file.fileName } : c,
          ),
      ),
    onError: (err) => notifyFailed(err, t),
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput {...props('certificationName')} label={t('profiles_cert_name')} withAsterisk maxLength={200} />
      <TextInput {...props('classification')} label={t('profiles_cert_classification')} maxLength={100} />
      <TextInput
        type="date"
        label={t('profiles_cert_date')}
        min={dates.min}
        max={dates.max}
        value={entry.certificateDate ?? ''}
        onChange={(e) => form.form.setFieldValue(`${path}.certificateDate`, e.currentTarget.value || null)}
      />
      <TextInput {...props('placeOfIssue')} label={t('profiles_cert_place')} maxLength={200} />
      <Stack gap={4}>
        <Button variant="light" loading={upload.isPending} onClick={() => input.current?.click()}>
          {t('profiles_cert_file_choose')}
        </Button>
        {entry.fileId && entry.fileUrl && (
          <Anchor href={entry.fileUrl} fz="sm" download>
            {entry.fileName || t('profiles_cert_file')}
          </Anchor>
        )}
        <input
          ref={input}
          type="file"
          name={`certificate-${index}`}
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          hidden
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) upload.mutate(file);
          }}
        />
      </Stack>
    </SimpleGrid>
  );
}

function ReferenceFields({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation();
  const props = (name: string) => form.form.getInputProps(`referenceList.${index}.${name}`);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput {...props('fullName')} label={t('profiles_ref_name')} maxLength={100} />
      <TextInput {...props('phoneNumber')} label={t('profiles_ref_phone')} inputMode="tel" maxLength={10} />
      <TextInput {...props('company')} label={t('profiles_company')} maxLength={200} />
      <TextInput {...props('roleName')} label={t('profiles_role_name')} maxLength={200} />
      <TextInput {...props('reference')} label={t('profiles_ref_reference')} maxLength={500} />
    </SimpleGrid>
  );
}

/** A month (native month input: 'YYYY-MM'), 101 years back. */
function MonthField({
  form,
  path,
  label,
  range,
}: {
  form: Form;
  path: string;
  label: string;
  range: { min: string; max: string };
}) {
  const { value, error } = form.form.getInputProps(path);
  return (
    <TextInput
      type="month"
      label={label}
      min={range.min}
      max={range.max}
      value={(value as string | null) ?? ''}
      error={error}
      onChange={(e) => form.form.setFieldValue(path, e.currentTarget.value || null)}
    />
  );
}
