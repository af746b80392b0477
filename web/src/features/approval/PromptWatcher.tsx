import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import type { Prompt } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../components/countdownFormat';
import { useHub } from '../../hooks/useHub';
import { usePageVisible } from '../../hooks/usePageVisible';
import { useSecondsLeft } from '../../hooks/useSecondsLeft';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { answerPrompt, listPrompts, PROMPTS_QUERY_KEY } from './api';
import classes from './approval.module.css';
import { RequestDetails } from './RequestDetails';

/**
 * Every signed-in account page (issue 26 point 4): a push request to this account opens a dialog
 * with what is asking and three numbers; the one the login page shows approves it, a wrong one or
 * "It wasn't me" voids it. The page hears new requests through the hub with its own key.
 */
export function PromptWatcher() {
  const client = useQueryClient();
  const visible = usePageVisible();
  // Read again when the tab comes back (refetchOnWindowFocus) and whenever the hub says so.
  const prompts = useQuery({ queryKey: PROMPTS_QUERY_KEY, queryFn: listPrompts, retry: false, enabled: visible });
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const refresh = () => void client.invalidateQueries({ queryKey: PROMPTS_QUERY_KEY });
  // A new request, one answered elsewhere, or the page key's end (the list brings a new key).
  // Only while the tab is seen: a browser keeps few connections per host, and a hidden tab
  // asks again when it comes back.
  useHub(visible ? prompts.data?.hubKey : null, refresh);
  const waiting = (prompts.data?.items ?? []).filter((p) => !dismissed.has(p.id) && p.expirySecond > 0);
  const current = waiting[0];
  if (!current) return null;
  return (
    <PromptDialog
      key={current.id}
      prompt={current}
      more={waiting.length - 1}
      onClose={() => setDismissed(new Set([...dismissed, current.id]))}
      onAnswered={refresh}
    />
  );
}

function PromptDialog({
  prompt,
  more,
  onClose,
  onAnswered,
}: {
  prompt: Prompt;
  more: number;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const { t } = useTranslation();
  const [deadline] = useState(() => Date.now() + prompt.expirySecond * 1000);
  const left = useSecondsLeft(deadline);
  // Time is up: the dialog goes (the list is read again, once).
  const timedOut = left <= 0;
  const onTimeout = useRef(onAnswered);
  onTimeout.current = onAnswered;
  useEffect(() => {
    if (timedOut) onTimeout.current();
  }, [timedOut]);
  const answer = useMutation({
    mutationFn: (pick: { number: number } | { deny: true }) => answerPrompt(prompt.id, pick),
    onSuccess: ({ approved }) => notifyDone(t(approved ? 'approval_approved' : 'approval_denied')),
    onError: (error) => notifyFailed(error, t),
    onSettled: onAnswered,
  });
  return (
    <Modal opened onClose={onClose} title={t('approval_title_prompt')} centered data-testid="prompt-dialog">
      <Stack gap="md">
        <Text fz="sm" c="gray.7">
          {t('approval_intro')}
        </Text>
        <RequestDetails request={prompt} />
        <fieldset className={classes.pick}>
          <legend>{t('prompt_pick_title')}</legend>
          <div className={classes.numbers}>
            {prompt.numbers.map((n) => (
              <Button
                key={n}
                variant="default"
                disabled={answer.isPending || left <= 0}
                onClick={() => answer.mutate({ number: n })}
                data-testid={`prompt-number-${n}`}
              >
                {n}
              </Button>
            ))}
          </div>
        </fieldset>
        <Text fz="sm" c="dimmed" role="timer" aria-live="off">
          {left > 0 ? t('approval_expires_in', { time: formatCountdown(left) }) : t('prompt_expired')}
        </Text>
        <Button
          variant="subtle"
          color="red"
          disabled={answer.isPending || left <= 0}
          onClick={() => answer.mutate({ deny: true })}
        >
          {t('approval_deny')}
        </Button>
        {more > 0 && (
          <Anchor component="button" type="button" fz="sm" onClick={onClose}>
            {t('prompt_dialog_more', { count: more })}
          </Anchor>
        )}
      </Stack>
    </Modal>
  );
}

export default PromptWatcher;
