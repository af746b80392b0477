import { Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton, PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../hooks/usePageTitle';
import { getProfile, INFO_QUERY_KEY } from './api';
import { InfoEditForm } from './InfoEditForm';
import { InfoReadView } from './InfoReadView';
import { SocialLinksBox } from './SocialLinksBox';

export { INFO_SAVED_MESSAGE } from './useInfoForm';

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

  const back = editing && !embedded && <BackButton onClick={() => setEditing(false)} />;

  return (
    <Stack gap="lg" maw={760} mx={embedded ? undefined : 'auto'} w="100%">
      <PageHeader title={editing ? t('info_edit_title') : t('menu_info')} intro={t('info_intro')} leading={back} />
      <Paper withBorder={!embedded} radius="lg" p={embedded ? 0 : { base: 'md', sm: 'xl' }} bg="white">
        <QueryState query={profile}>
          {(data) =>
            editing ? (
              <InfoEditForm
                profile={data}
                embedded={embedded}
                onDone={() => !embedded && setEditing(false)}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <InfoReadView profile={data} onEdit={() => setEditing(true)} />
            )
          }
        </QueryState>
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
