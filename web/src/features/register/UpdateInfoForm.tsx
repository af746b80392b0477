import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LoginAnswer } from '@portico/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentTimezone } from '../../api/client';
import { Icon } from '../../components/Icon';
import { postToHost } from '../../embed/bridge';
import { useEmbedded } from '../../embed/useEmbedded';
import { useLocale } from '../../hooks/useLocale';
import { looseT } from '../../i18n/t';
import { focusFirstError, splitApiError, translateKeys, withoutErrors } from '../../lib/formErrors';
import { updateInfo } from './api';
import { DetailsFields } from './DetailsFields';
import { DETAILS_FIELD_ORDER, type DetailsForm, emptyDetails, firstErrors, validateDetails } from './logic';

/** Host messages of the update-info form (spec §2 Update-info form). */
export const UPDATE_INFO_MESSAGES = { success: 'register_success', skipped: 'update_info_complete' } as const;

/** Where the page goes after the form: the login answer's redirect URL, else home (spec §4). */
export const afterUpdateInfo = (answer: Pick<LoginAnswer, 'redirectUrl'> | null | undefined, home: string): string =>
  answer?.redirectUrl && answer.redirectUrl !== '/' ? answer.redirectUrl : home;

export interface UpdateInfoFormProps {
  /** The login answer that said isRegister (user info and redirect URL). */
  answer: LoginAnswer;
  /** The password pair is asked when the account has none yet (social sign-up). */
  withPassword?: boolean;
}

/**
 * The update-info form that replaces the login tab when a login answer says isRegister: first
 * and last name, password and repeat, date of birth, gender; Update and Skip. Success goes on
 * (the answer's redirect URL, else /) or, inside a mobile-app web view, tells the app
 * register_success; Skip tells the parent the update is complete.
 */
export function UpdateInfoForm({ answer, withPassword = true }: UpdateInfoFormProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  const embedded = useEmbedded();
  const [values, setValues] = useState<DetailsForm>(() => ({
    ...emptyDetails(),
    firstName: answer.userInfo?.firstName ?? '',
    lastName: answer.userInfo?.lastName ?? '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);

  const goOn = () => window.location.assign(afterUpdateInfo(answer, to('/')));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const invalid = firstErrors(validateDetails(values, { withPassword }));
    if (Object.keys(invalid).length > 0) {
      setErrors(translateKeys(invalid, tr));
      focusFirstError(form.current, DETAILS_FIELD_ORDER, invalid);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await updateInfo({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        password: withPassword ? values.password.trim() : '',
        rePassword: withPassword ? values.rePassword.trim() : '',
        birthdate: values.birthdate,
        gender: Number(values.gender),
        timezone: currentTimezone(),
      });
      notifications.show({ color: 'teal', message: t('update_info_success') });
      if (embedded && postToHost(UPDATE_INFO_MESSAGES.success)) {
        setBusy(false);
        return;
      }
      goOn();
    } catch (err) {
      const split = splitApiError(err, [...DETAILS_FIELD_ORDER], tr);
      setErrors(split.fields);
      setAlert(split.alert);
      setBusy(false);
    }
  };

  const skip = () => {
    const told = postToHost(UPDATE_INFO_MESSAGES.skipped);
    if (!embedded || !told) goOn();
  };

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 20, sm: 22 }}>
            {t('update_info_heading')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('update_info_intro')}
          </Text>
        </Stack>
        <DetailsFields
          values={values}
          onChange={(patch) => {
            setValues((v) => ({ ...v, ...patch }));
            setErrors((e) => withoutErrors(e, Object.keys(patch)));
          }}
          errors={errors}
          withPassword={withPassword}
          firstFieldRef={first}
        />
        {alert && (
          <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
            {alert}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={busy}>
          {t('common_update')}
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" fz="sm" fw={600} onClick={skip} disabled={busy}>
            {t('common_skip')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
