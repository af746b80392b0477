import { Anchor, Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { AccountCard, AccountPage, BackButton } from '../../components/PageHeader';
import { QueryLoader, QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { notifyFailed } from '../../lib/notify';
import { getProfile, listProfiles, PROFILES_QUERY_KEY, profileKey } from './api';
import { ProfileCards } from './ProfileCards';
import { ProfileEditForm } from './ProfileEditForm';
import { ProfileView } from './ProfileView';

/**
 * Profiles (spec account §2): /account/profile opens the default profile, else the first, else
 * shows the cards with the add card; /account/profile/{id} shows the cards and that profile, in
 * view mode or, with ?isEdit=true, in edit mode.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { id: raw } = useParams();
  const id = raw === undefined ? null : Number(raw);
  const { to } = useLocale();
  const [search] = useSearchParams();
  const editing = search.get('isEdit') === 'true';
  usePageTitle(editing ? 'profiles_edit_title' : 'menu_profile');
  const cards = useQuery({ queryKey: PROFILES_QUERY_KEY, queryFn: listProfiles, retry: false });

  if (id === null && cards.data?.length) return <Navigate to={to(`/account/profile/${cards.data[0]!.id}`)} replace />;
  return (
    <AccountPage title={t(editing ? 'profiles_edit_title' : 'menu_profile')} intro={t('profiles_intro')} width={960}>
      <QueryState query={cards}>{(list) => <ProfileCards cards={list} current={id} />}</QueryState>
      {id !== null && <ProfileDetail id={id} editing={editing} />}
    </AccountPage>
  );
}

function ProfileDetail({ id, editing }: { id: number; editing: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: profileKey(id), queryFn: () => getProfile(id), retry: false });
  // spec §8: a profile that fails to load shows the error and goes back.
  useEffect(() => {
    if (!profile.isError) return;
    notifyFailed(profile.error, t);
    // The list is read again first: the one that failed may be gone from it.
    void queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY, exact: true });
    navigate(to('/account/profile'), { replace: true });
  }, [profile.isError, profile.error, navigate, to, t, queryClient]);
  const view = to(`/account/profile/${id}`);
  if (profile.isPending || profile.isError) return <QueryLoader />;
  return (
    <AccountCard>
      <Stack gap="md">
        <Group justify="space-between">
          <BackButton onClick={() => navigate(editing ? view : to('/account/profile'))} />
          {!editing && (
            <Anchor component={Link} to={`${view}?isEdit=true`} fw={500}>
              {t('profiles_edit')}
            </Anchor>
          )}
        </Group>
        {editing ? (
          <ProfileEditForm key={profile.data.id} profile={profile.data} onDone={() => navigate(view)} />
        ) : (
          <ProfileView profile={profile.data} />
        )}
      </Stack>
    </AccountCard>
  );
}

export default ProfilePage;
