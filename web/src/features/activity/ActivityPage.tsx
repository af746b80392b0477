import { Button, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { ACTIVITY_PAGE_SIZE } from '@portico/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryError, QueryState } from '../../components/QueryState';
import { SafeHtml } from '../../components/SafeHtml';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime } from '../../lib/format';
import { nextPageIndex, rowsOf } from '../../lib/paging';
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
  const log = useInfiniteQuery({
    queryKey: [...ACTIVITY_QUERY_KEY, locale],
    queryFn: ({ pageParam }) => getActivityPage(pageParam, ACTIVITY_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageIndex(pages),
    retry: false,
  });
  const total = log.data?.pages.at(-1)?.totalRows ?? 0;

  return (
    <AccountPage title={t('menu_activity')} intro={t('activitylog_intro')} width={760}>
      <AccountCard>
        <QueryState
          query={{ ...log, data: log.data && rowsOf(log.data.pages) }}
          isEmpty={(entries) => entries.length === 0}
          empty={
            <Text c="dimmed" ta="center" py="lg">
              {t('activitylog_empty')}
            </Text>
          }
        >
          {(entries) => (
            <Stack gap="lg">
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
              {log.isError && <QueryError error={log.error} />}
              <Stack gap={6} align="center">
                <Text fz="xs" c="dimmed">
                  {t('activitylog_shown', { shown: entries.length, total })}
                </Text>
                {log.hasNextPage && (
                  <Button variant="light" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                    {t('activitylog_view_more')}
                  </Button>
                )}
              </Stack>
            </Stack>
          )}
        </QueryState>
      </AccountCard>
    </AccountPage>
  );
}

export default ActivityPage;
