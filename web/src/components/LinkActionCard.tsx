import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../api/client';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';

/**
 * The page of a security e-mail's single-use link (`?token=`: undo a change, "this wasn't me"):
 * what the button does, one button, then what comes next (`done`). Nothing happens on load, so a
 * mail scanner that opens the link changes nothing; a link without a token says it is not valid.
 */
export function LinkActionCard<A>({
  title,
  intro,
  button,
  invalid,
  run,
  done,
}: {
  title: string;
  intro: string;
  button: string;
  /** The message of a link without a token (the server's own key says the rest). */
  invalid: string;
  run: (token: string) => Promise<A>;
  done: (answer: A) => ReactNode;
}) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const action = useMutation({ mutationFn: () => run(token) });

  return (
    <AuthCard title={title} intro={action.isSuccess ? undefined : intro}>
      {action.isSuccess ? (
        <Stack gap="md">{done(action.data)}</Stack>
      ) : (
        <Stack gap="md">
          <FormAlert message={action.isError ? errorText(action.error, t) : token ? null : invalid} />
          <Button
            size="md"
            color="red.8"
            h="auto"
            py="xs"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.4 } }}
            loading={action.isPending}
            disabled={!token}
            onClick={() => action.mutate()}
          >
            {button}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
