import { Alert, Tabs } from '@mantine/core';
import { type PermissionId, stripLocalePrefix } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AuditTab } from './AuditTab';
import { ADMIN_QUERY_KEY, getAccess } from './api';
import { BrandingTab } from './BrandingTab';
import { CampaignsTab } from './CampaignsTab';
import { ClientsTab } from './ClientsTab';
import { GroupsTab } from './GroupsTab';
import { KycTab } from './KycTab';
import { LookupsTab } from './LookupsTab';
import { UsersTab } from './UsersTab';
import { UserView } from './UserView';

const TABS = [
  { value: 'users', path: '/admin', label: 'admin_nav_users', needs: 'accounts:read' },
  { value: 'clients', path: '/admin/clients', label: 'admin_nav_clients', needs: 'clients:write' },
  { value: 'kyc', path: '/admin/kyc', label: 'admin_nav_kyc', needs: 'kyc:review' },
  { value: 'lookups', path: '/admin/lookups', label: 'admin_nav_lookups', needs: 'lookups:write' },
  { value: 'groups', path: '/admin/groups', label: 'admin_nav_groups', needs: 'permissions:write' },
  { value: 'campaigns', path: '/admin/campaigns', label: 'admin_nav_campaigns', needs: 'campaigns:write' },
  { value: 'branding', path: '/admin/branding', label: 'admin_nav_branding', needs: 'branding:write' },
  { value: 'audit', path: '/admin/audit', label: 'admin_nav_audit', needs: 'audit:read' },
] as const satisfies readonly { value: string; path: string; label: string; needs: PermissionId }[];

/**
 * The admin console (issue 31 point 1): users, clients, the KYC queue, lookups, groups, campaigns, branding and the audit log, each tab
 * shown to an operator whose groups hold its permission (the server checks every call again; the
 * KYC tab calls the back office's own endpoints with the operator's sign-in).
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id } = useParams();
  usePageTitle('admin_title');
  const access = useQuery({ queryKey: [...ADMIN_QUERY_KEY, 'access'], queryFn: getAccess });
  const here = stripLocalePrefix(pathname);
  const current = TABS.find((tab) => tab.path === here)?.value ?? 'users';

  return (
    <AccountPage title={t('admin_title')} width={1100}>
      <QueryState query={access}>
        {({ permissions }) => {
          const open = TABS.filter((tab) => permissions.includes(tab.needs));
          if (open.length === 0) return <Alert color="gray">{t('admin_closed')}</Alert>;
          const value = open.some((tab) => tab.value === current) ? current : open[0]!.value;
          return (
            <Tabs
              value={value}
              onChange={(next) => navigate(to(TABS.find((tab) => tab.value === next)!.path))}
              keepMounted={false}
            >
              <Tabs.List mb="lg">
                {open.map((tab) => (
                  <Tabs.Tab key={tab.value} value={tab.value}>
                    {t(tab.label)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="users">
                {id ? <UserView userId={id} canAct={permissions.includes('accounts:write')} /> : <UsersTab />}
              </Tabs.Panel>
              <Tabs.Panel value="clients">
                <ClientsTab />
              </Tabs.Panel>
              <Tabs.Panel value="kyc">
                <KycTab />
              </Tabs.Panel>
              <Tabs.Panel value="lookups">
                <LookupsTab />
              </Tabs.Panel>
              <Tabs.Panel value="groups">
                <GroupsTab />
              </Tabs.Panel>
              <Tabs.Panel value="campaigns">
                <CampaignsTab />
              </Tabs.Panel>
              <Tabs.Panel value="branding">
                <BrandingTab />
              </Tabs.Panel>
              <Tabs.Panel value="audit">
                <AuditTab />
              </Tabs.Panel>
            </Tabs>
          );
        }}
      </QueryState>
    </AccountPage>
  );
}
