import { Alert, Anchor, Button, Group, Paper, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type GeneralProfile, LOCALES, type Locale } from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { QueryLoader } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { rememberLocale, switchLocalePath } from '../../i18n/locale';
import i18n from '../../i18n/setup';
import { looseT } from '../../i18n/t';
import { getProfile, INFO_QUERY_KEY } from '../info/api';
import { LANGUAGE_LABEL, needsSearch } from '../info/format';
import { useAppSettings } from '../settings/useAppSettings';
import { setLanguage } from './api';

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
  const [busy, setBusy] = useState(false);
  usePageTitle('menu_language');

  const saved = isLocale(profile.data?.languageId) ? profile.data.languageId : locale;
  const value = choice ?? saved;
  const options = settings.locales.map((l) => ({ value: l, label: tr(LANGUAGE_LABEL[l] ?? l) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setError(t('error_language_empty'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await setLanguage({ languageId: value });
      queryClient.setQueryData<GeneralProfile>(INFO_QUERY_KEY, (old) => (old ? { ...old, languageId: value } : old));
      void queryClient.invalidateQueries({ queryKey: INFO_QUERY_KEY });
      // The toast speaks the chosen language: the interface switches to it.
      notifications.show({ color: 'teal', message: i18n.getFixedT(value)('update_success') });
      rememberLocale(value);
      setChoice(null);
      if (value !== locale) navigate(switchLocalePath(location, value));
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={560} mx="auto" w="100%">
      <PageHeader title={t('menu_language')} intro={t('language_intro')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="white">
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
              {(error || profile.isError) && (
                <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
                  {error ?? errorText(profile.error, t)}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Anchor component={Link} to={to('/')} fw={500} px="sm">
                  {t('common_cancel')}
                </Anchor>
                <Button type="submit" size="md" loading={busy} miw={140}>
                  {t('common_update')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}

export default LanguagePage;
