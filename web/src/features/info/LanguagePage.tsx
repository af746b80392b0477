import { Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { type GeneralProfile, LOCALES, type Locale } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryLoader } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { rememberLocale, switchLocalePath } from '../../i18n/locale';
import i18n, { loadMessages } from '../../i18n/setup';
import { looseT } from '../../i18n/t';
import { notifyDone } from '../../lib/notify';
import { needsSearch } from '../../lib/selectSearch';
import { useAppSettings } from '../../settings/useAppSettings';
import { getProfile, INFO_QUERY_KEY, setLanguage } from './api';
import { LANGUAGE_LABEL } from './format';

const isLocale = (v: string | null | undefined): v is Locale => !!v && (LOCALES as readonly string[]).includes(v);

/**
 * Default language (spec account §2 Default-language page): a select of the supported locales
 * (search box above 10), Cancel back to /, Update. The choice becomes the default_language claim
 * and the interface switches to it at once.
 */
export function LanguagePage() {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { locale, to } = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { settings } = useAppSettings();
  const profile = useQuery({ queryKey: INFO_QUERY_KEY, queryFn: getProfile, retry: false });
  const [choice, setChoice] = useState<Locale | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePageTitle('menu_language');

  const saved = isLocale(profile.data?.languageId) ? profile.data.languageId : locale;
  const value = choice ?? saved;
  const options = settings.locales.map((l) => ({ value: l, label: tr(LANGUAGE_LABEL[l] ?? l) }));

  const save = useMutation({
    // The toast below speaks the chosen language: its catalogue comes with the answer.
    mutationFn: async (languageId: Locale) =>
      (await Promise.all([setLanguage({ languageId }), loadMessages(languageId)]))[0],
    onSuccess: (_answer, languageId) => {
      queryClient.setQueryData<GeneralProfile>(INFO_QUERY_KEY, (old) => (old ? { ...old, languageId } : old));
      void queryClient.invalidateQueries({ queryKey: INFO_QUERY_KEY });
      // The toast speaks the chosen language: the interface switches to it.
      notifyDone(i18n.getFixedT(languageId)('update_success'));
      rememberLocale(languageId);
      setChoice(null);
      if (languageId !== locale) navigate(switchLocalePath(location, languageId));
    },
    onError: (err) => setError(errorText(err, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(value ? null : t('error_language_empty'));
    if (value) save.mutate(value);
  };

  return (
    <AccountPage title={t('menu_language')} intro={t('language_intro')} width={560}>
      <AccountCard>
        {profile.isPending ? (
          <QueryLoader />
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="lg">
              <Select
                name="languageId"
                label={t('info_language')}
                size="md"
                data={options}
                value={value}
                onChange={(v) => setChoice(isLocale(v) ? v : null)}
                searchable={needsSearch(options.length)}
                nothingFoundMessage={t('info_search_nothing')}
                allowDeselect={false}
                leftSection={<Icon name="language" size={18} />}
              />
              <FormAlert message={error ?? (profile.isError ? errorText(profile.error, t) : null)} />
              <Group justify="flex-end" gap="sm">
                <Anchor component={Link} to={to('/')} fw={500} px="sm">
                  {t('common_cancel')}
                </Anchor>
                <Button type="submit" size="md" loading={save.isPending} miw={140}>
                  {t('common_update')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </AccountCard>
    </AccountPage>
  );
}

export default LanguagePage;
