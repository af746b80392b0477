import { FIRST_SIGN_IN_QUERY } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountCard, AccountPage, BackButton } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useEmbeddedRoute } from '../../embed';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { hasPasswordQuery } from '../../queries/hasPassword';
import { UpdateInfoForm } from '../register';
import { getProfile, INFO_QUERY_KEY } from './api';
import { InfoEditForm } from './InfoEditForm';
import { InfoReadView } from './InfoReadView';
import { SocialLinksBox } from './SocialLinksBox';

/**
 * General info (spec account §2 General info page, §4, §5): the read view (avatar, full name,
 * gender, birth date, identification, marital status, language, user id, bio), the edit form
 * behind the edit button, the avatar cropper, and the Facebook / Google links box. Embedded
 * (/info): opens in edit mode, no cancel, no social box; the host is told of a save.
 */
export function InfoPage() {
  const { t } = useTranslation();
  const embedded = useEmbeddedRoute();
  const [search] = useSearchParams();
  const firstSignIn = embedded && search.get(FIRST_SIGN_IN_QUERY) === '1';
  const [editing, setEditing] = useState(embedded);
  const profile = useQuery({ queryKey: INFO_QUERY_KEY, queryFn: getProfile, retry: false });
  usePageTitle(editing ? 'info_edit_title' : 'menu_info');

  const back = editing && !embedded && <BackButton onClick={() => setEditing(false)} />;
  if (firstSignIn) return <FirstSignInInfo />;

  return (
    <AccountPage
      width={760}
      title={editing ? t('info_edit_title') : t('menu_info')}
      intro={t('info_intro')}
      leading={back}
    >
      <AccountCard>
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
      </AccountCard>
      {!embedded && !editing && profile.isSuccess && <SocialLinksBox profile={profile.data} />}
    </AccountPage>
  );
}

/**
 * Embedded /info?register=1, right after a first sign-in (docs/embedding.md): the update-info form
 * (names, the first password when the account has none, birth date, gender; Update tells the host
 * register_success, Skip update_info_complete), not the editor.
 */
function FirstSignInInfo() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const profile = useQuery({ queryKey: INFO_QUERY_KEY, queryFn: getProfile, retry: false });
  const hasPassword = useQuery(hasPasswordQuery);
  return (
    <AccountPage width={560} title={t('menu_info')}>
      <AccountCard>
        <QueryState query={profile}>
          {({ firstName, lastName, birthdate, gender }) => (
            <QueryState query={hasPassword}>
              {(has) => (
                <UpdateInfoForm
                  answer={{ redirectUrl: to('/info'), userInfo: { firstName, lastName, birthdate, gender } }}
                  withPassword={!has}
                />
              )}
            </QueryState>
          )}
        </QueryState>
      </AccountCard>
    </AccountPage>
  );
}

export default InfoPage;
