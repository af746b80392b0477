import type { GeneralProfile } from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiForm, useApiForm } from '../../components/useApiForm';
import { postToHost } from '../../embed';
import { notifyDone } from '../../lib/notify';
import { INFO_QUERY_KEY, updateProfile } from './api';
import {
  formFromProfile,
  INFO_FIELD_ORDER,
  type InfoForm,
  infoFormSchema,
  payloadOf,
  textToHtml,
  timezoneOptions,
} from './logic';

/**
 * The edit form (the kit's useApiForm): values from the profile, the shared rules of
 * contracts updateProfileInput before the save, refusals under their fields or in the alert.
 * The bio goes back as stored unless it was edited.
 */
export function useInfoForm({
  profile,
  embedded,
  onDone,
}: {
  profile: GeneralProfile;
  embedded: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const bioTouched = useRef(false);
  const vietnam = t('timezone_vietnam');
  const zones = useMemo(() => timezoneOptions(profile.timezone, vietnam), [profile.timezone, vietnam]);

  const form: ApiForm<InfoForm> = useApiForm<InfoForm, GeneralProfile>({
    initialValues: formFromProfile(profile),
    schema: infoFormSchema(),
    fields: INFO_FIELD_ORDER,
    submit: (values) => updateProfile(payloadOf(values, bioTouched.current ? textToHtml(values.bio) : profile.bio)),
    onSuccess: (saved) => {
      queryClient.setQueryData(INFO_QUERY_KEY, saved);
      notifyDone(t('info_noti_info_success'));
      if (embedded) {
        postToHost('info_noti_info_success');
        form.form.setValues(formFromProfile(saved));
        bioTouched.current = false;
      }
      onDone();
    },
  });

  const setBio = (bio: string) => {
    bioTouched.current = true;
    form.patch({ bio });
  };
  return { form, setBio, zones };
}
