import { Text, ThemeIcon, Timeline } from '@mantine/core';
import { ACTIVITY_PAGE_SIZE } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { SafeHtml } from '../../components/SafeHtml';
import { useViewMore, ViewMoreList } from '../../components/ViewMoreList';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime } from '../../lib/format';
import { ACTIVITY_QUERY_KEY, getActivityPage } from './api';

/**
 * Activity log (spec account §2 Activity, §3 Activity log entry): newest first, 10 a page, a
 * view-more button while rows remain. Entries are server-rendered HTML from safe templates,
 * rendered through DOMPurify again.
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  usePageTitle('menu_activity');
  const log = useViewMore([...ACTIVITY_QUERY_KEY, locale], (page) => getActivityPage(page, ACTIVITY_PAGE_SIZE));

  return (
    <AccountPage title={t('menu_activity')} intro={t('activitylog_intro')} width={760}>
      <AccountCard>
        <ViewMoreList
          list={log}
          empty={t('activitylog_empty')}
          moreLabel={t('activitylog_view_more')}
          status={(shown, total) => (
            <Text fz="xs" c="dimmed">
              {t('activitylog_shown', { shown, total })}
            </Text>
          )}
        >
          {(entries) => (
            <Timeline bulletSize={28} lineWidth={2} active={-1} aria-label={t('menu_activity')}>
              {entries.map((entry) => (
                <Timeline.Item
                  key={entry.id}
                  bullet={
                    <ThemeIcon size={28} radius="xl" variant="light" color="brand">
                      <Icon name="activity" size={14} />
                    </ThemeIcon>
                  }
                >
                  <SafeHtml html={entry.actionText} fz="sm" style={{ overflowWrap: 'anywhere' }} />
                  <Text fz="xs" c="dimmed" mt={2} component="time" dateTime={entry.createdDate}>
                    {formatDateTime(entry.createdDate, locale)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </ViewMoreList>
      </AccountCard>
    </AccountPage>
  );
}

export default ActivityPage;
