import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type LoginAnswer, type UpdateInfoInput, updateInfoInput } from '@portico/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentTimezone, errorText } from '../../api/client';
import { FormStack } from '../../components/FormStack';
import { useApiForm } from '../../components/useApiForm';
import { postToHost, useEmbedded } from '../../embed';
import { useLocale } from '../../hooks/useLocale';
import { notifyDone } from '../../lib/notify';
import { updateInfo } from './api';
import { DetailsFields } from './DetailsFields';
import { DETAILS_FIELD_ORDER, emptyDetails } from './logic';

/** Where the page goes after the form: the login answer's redirect URL, else home (spec §4). */
export const afterUpdateInfo = (answer: Pick<LoginAnswer, 'redirectUrl'> | null | undefined, home: string): string =>
  answer?.redirectUrl && answer.redirectUrl !== '/' ? answer.redirectUrl : home;

export interface UpdateInfoFormProps {
  /**
   * The login answer that said isRegister (user info and redirect URL), or the same of the
   * signed-in account (embedded /info right after a first sign-in, web/src/features/info/InfoPage.tsx).
   */
  answer: Pick<LoginAnswer, 'redirectUrl'> & {
    userInfo?: { firstName: string; lastName: string; birthdate?: string | null; gender?: number | null } | null;
  };
  /** The password pair is asked when the account has none yet (social sign-up). */
  withPassword?: boolean;
  /**
   * A first sign-in through a provider (issue 25): Update and Skip go to the pending sign-in's
   * own step, whose login answer finishes the sign-in (`done`), instead of the signed-in update-info.
   */
  signIn?: {
    save: (details: UpdateInfoInput) => Promise<LoginAnswer>;
    skip: () => Promise<LoginAnswer>;
    done: (answer: LoginAnswer) => void;
  };
}

/**
 * The update-info form that replaces the login tab when a login answer says isRegister: first
 * and last name, password and repeat, date of birth, gender; Update and Skip. Success goes on
 * (the answer's redirect URL, else /) or, inside a mobile-app web view, tells the app
 * register_success; Skip tells the parent the update is complete.
 */
export function UpdateInfoForm({ answer, withPassword = true, signIn }: UpdateInfoFormProps) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const embedded = useEmbedded();
  const form = useApiForm({
    initialValues: {
      ...emptyDetails(),
      firstName: answer.userInfo?.firstName ?? '',
      lastName: answer.userInfo?.lastName ?? '',
      // What the account already has (embedded /info?register=1), else the form's defaults.
      ...(answer.userInfo?.birthdate ? { birthdate: answer.userInfo.birthdate } : {}),
      ...(answer.userInfo?.gender ? { gender: String(answer.userInfo.gender) } : {}),
    },
    schema: updateInfoInput({ passwordRequired: withPassword }),
    fields: DETAILS_FIELD_ORDER,
    submit: (v) => {
      const details = {
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        password: withPassword ? v.password.trim() : '',
        rePassword: withPassword ? v.rePassword.trim() : '',
        birthdate: v.birthdate,
        gender: Number(v.gender),
        timezone: currentTimezone(),
      };
      return (signIn ? signIn.save(details) : updateInfo(details)) as Promise<LoginAnswer | { ok: true }>;
    },
    onSuccess: (saved) => {
      notifyDone(t('update_info_success'));
      const told = embedded && postToHost('register_success');
      // The pending sign-in still has to finish, whether or not the app was told.
      if (signIn) {
        setLeaving(true);
        if ('isOk' in saved) signIn.done(saved);
        return;
      }
      if (told) return;
      setLeaving(true);
      goOn();
    },
  });
  const [leaving, setLeaving] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);

  const goOn = () => window.location.assign(afterUpdateInfo(answer, to('/')));

  const skip = () => {
    const told = postToHost('update_info_complete');
    if (signIn) {
      setLeaving(true);
      signIn.skip().then(signIn.done, (err: unknown) => {
        setLeaving(false);
        form.setAlert(errorText(err, t));
      });
      return;
    }
    if (!embedded || !told) goOn();
  };

  return (
    <FormStack
      form={form}
      gap="lg"
      actions={
        <>
          <Button type="submit" size="md" fullWidth loading={form.busy || leaving}>
            {t('common_update')}
          </Button>
          <Group justify="center">
            <Anchor component="button" type="button" fz="sm" fw={600} onClick={skip} disabled={form.busy || leaving}>
              {t('common_skip')}
            </Anchor>
          </Group>
        </>
      }
    >
      <Stack gap={4}>
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {t('update_info_heading')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('update_info_intro')}
        </Text>
      </Stack>
      <DetailsFields
        values={form.values}
        onChange={form.patch}
        errors={form.errors}
        withPassword={withPassword}
        firstFieldRef={first}
      />
    </FormStack>
  );
}
