import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/client';
import { Icon } from './Icon';

/** The loader of a block whose data is on its way. */
export function QueryLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('app_loading')}>
      <Loader type="dots" />
    </Center>
  );
}

/**
 * A failed read: the server's message key translated, and a retry button when it can be asked
 * again (white with dark red text: a light red button on the light red alert is below 4.5:1, axe).
 */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
      <Group justify="space-between" gap="sm">
        <span>{errorText(error, t)}</span>
        {onRetry && (
          <Button size="compact-sm" variant="default" c="red.9" onClick={() => void onRetry()}>
            {t('common_retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** What QueryState reads of a TanStack query (useQuery or useInfiniteQuery). */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch?: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** True when the data is there but there is nothing to show (default: an empty list). */
  isEmpty?: (data: T) => boolean;
  /** Shown instead of children when isEmpty says so; a text is shown dimmed. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * One read's block on an account page: the loader while it is pending, the error with a retry
 * when it failed with nothing to show, the empty state, else the children with the data. A later
 * failure with data in hand (a failed next page) leaves the data: the page shows that error itself.
 */
export function QueryState<T>({ query, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return <QueryLoader />;
  if (query.data === undefined) {
    return <QueryError error={query.error} onRetry={query.isError ? query.refetch : undefined} />;
  }
  const nothing = isEmpty ? isEmpty(query.data) : Array.isArray(query.data) && query.data.length === 0;
  if (empty !== undefined && nothing) return typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : <>{empty}</>;
  return <>{children(query.data)}</>;
}
