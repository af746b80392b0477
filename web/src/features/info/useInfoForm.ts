import type { GeneralProfile, UpdateProfileInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postToHost } from '../../embed/bridge';
import { looseT } from '../../i18n/t';
import { focusFirstError, splitApiError, translateKeys } from '../../lib/formErrors';
import { notifyDone } from '../../lib/notify';
import { INFO_QUERY_KEY, updateProfile } from './api';
import {
  formFromProfile,
  INFO_FIELD_ORDER,
  type InfoForm,
  payloadOf,
  textToHtml,
  timezoneOptions,
  validateInfo,
} from './logic';

/** Host message after a save in the embedded page (/info). */
export const INFO_SAVED_MESSAGE = 'info_noti_info_success';

/**
 * The edit form's state: values from the profile, a field's message gone once it changes, the
 * page's rules before the save (first invalid field focused), the save a TanStack mutation whose
 * refusals land under their fields or in the alert. The bio goes back as stored unless edited.
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
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<InfoForm>(() => formFromProfile(profile));
  const [bioTouched, setBioTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const zones = useMemo(() => timezoneOptions(profile.timezone), [profile.timezone]);

  const save = useMutation({
    mutationFn: (input: UpdateProfileInput) => updateProfile(input),
    onSuccess: (saved) => {
      queryClient.setQueryData(INFO_QUERY_KEY, saved);
      notifyDone(t('info_noti_info_success'));
      if (embedded) {
        postToHost(INFO_SAVED_MESSAGE);
        setValues(formFromProfile(saved));
        setBioTouched(false);
      }
      onDone();
    },
    onError: (err) => {
      const split = splitApiError(err, INFO_FIELD_ORDER, tr);
      setErrors(split.fields);
      setAlert(split.alert);
    },
  });

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const invalid = validateInfo(values);
    if (Object.keys(invalid).length > 0) {
      setErrors(translateKeys(invalid, tr));
      focusFirstError(formRef.current, INFO_FIELD_ORDER, invalid);
      return;
    }
    setErrors({});
    save.mutate(payloadOf(values, bioTouched ? textToHtml(values.bio) : profile.bio));
  };

  return {
    values,
    set,
    setBio: (bio: string) => {
      setBioTouched(true);
      set({ bio });
    },
    errors,
    alert,
    busy: save.isPending,
    submit,
    formRef,
    zones,
  };
}
