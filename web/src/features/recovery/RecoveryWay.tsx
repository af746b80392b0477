import { Box, Button, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { CLAIM_TYPES, type RecoveryClaim, recoveryClaimInput } from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressText } from '../../components/AddressText';
import { FormActions } from '../../components/FormActions';
import { FormStack } from '../../components/FormStack';
import { Icon } from '../../components/Icon';
import { OtpDialog } from '../../components/OtpDialog';
import { type ApiForm, useApiForm } from '../../components/useApiForm';
import { looseT } from '../../i18n/t';
import { notifyDone } from '../../lib/notify';
import { RECOVERY_QUERY_KEY, saveRecoveryClaim, sendRecoveryCode } from './api';

export const WAYS = [
  {
    type: CLAIM_TYPES.phoneRecovery,
    label: 'recovery_phone_label',
    edit: 'recovery_edit_phone',
    icon: 'phone',
    inputType: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
  },
  {
    type: CLAIM_TYPES.emailRecovery,
    label: 'recovery_email_label',
    edit: 'recovery_edit_email',
    icon: 'mail',
    inputType: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
] as const;

type Values = { claimValue: string };

export interface RecoveryWayProps {
  way: (typeof WAYS)[number];
  /** The saved recovery way of this type, if any. */
  claim: RecoveryClaim | undefined;
  editing: boolean;
  onEdit: () => void;
  onClose: () => void;
}

/**
 * One recovery way: its value (marked while unconfirmed), the edit button, and in edit mode the
 * form. A new value is saved with the code sent to it (the code popup); saving needs the step-up
 * proof (contracts/src/step-up.ts), which the step-up dialog asks for when the server does.
 */
export function RecoveryWay({ way, claim, editing, onEdit, onClose }: RecoveryWayProps) {
  const value = claim?.claimValue ?? '';
  const { t } = useTranslation();
  const tr = looseT(t);
  const label = tr(way.label);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={40} radius="md" variant="light" color="brand" aria-hidden>
            <Icon name={way.icon} size={20} />
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{label}</Text>
            {value ? (
              <>
                <AddressText fz="sm">{value}</AddressText>
                {!claim?.isConfirmed && (
                  <Text fz="xs" c="orange.9">
                    {t('recovery_unconfirmed')}
                  </Text>
                )}
              </>
            ) : (
              <Text fz="sm" c="dimmed" fs="italic">
                {t('recovery_not_set')}
              </Text>
            )}
          </Stack>
        </Group>
        {!editing && (
          <Button
            variant="light"
            size="compact-md"
            onClick={onEdit}
            aria-label={tr(way.edit)}
            style={{ flexShrink: 0 }}
          >
            {t('recovery_edit')}
          </Button>
        )}
      </Group>
      {editing && <RecoveryWayForm way={way} value={value} label={label} onClose={onClose} />}
    </Stack>
  );
}

function RecoveryWayForm({
  way,
  value,
  label,
  onClose,
}: Pick<RecoveryWayProps, 'way' | 'onClose'> & { label: string; value: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  // The address waiting for its code, and the countdown of its last send.
  const [pending, setPending] = useState<{ value: string; times: number } | null>(null);
  const saved = (claims: RecoveryClaim[]) => {
    queryClient.setQueryData<RecoveryClaim[]>(RECOVERY_QUERY_KEY, claims);
    notifyDone(t('update_success'));
    setPending(null);
    onClose();
  };
  const form: ApiForm<Values> = useApiForm<Values, RecoveryClaim[] | { value: string; times: number }>({
    initialValues: { claimValue: value },
    schema: recoveryClaimInput,
    input: (v) => ({ ...v, claimType: way.type }),
    // An empty value removes the way at once; a new one first gets its code.
    submit: async (v) => {
      const claimValue = v.claimValue.trim();
      if (!claimValue) return saveRecoveryClaim({ claimType: way.type, claimValue });
      const { times } = await sendRecoveryCode({ claimType: way.type, claimValue });
      return { value: claimValue, times };
    },
    onSuccess: (answer) => {
      if (Array.isArray(answer)) saved(answer);
      else setPending(answer);
    },
  });
  const resend = async () => {
    if (!pending) return 0;
    const { times } = await sendRecoveryCode({ claimType: way.type, claimValue: pending.value });
    return times;
  };
  const confirm = async (otp: string) => {
    if (!pending) return;
    saved(await saveRecoveryClaim({ claimType: way.type, claimValue: pending.value, otp }));
  };

  useEffect(() => {
    input.current?.focus();
  }, []);

  return (
    <Box pl={{ base: 0, xs: 56 }}>
      <FormStack
        form={form}
        gap="sm"
        actions={<FormActions submit={t('common_update')} busy={form.busy} onCancel={onClose} />}
      >
        <TextInput
          {...form.field('claimValue')}
          ref={input}
          label={label}
          description={t('recovery_clear_hint')}
          type={way.inputType}
          inputMode={way.inputMode}
          autoComplete={way.autoComplete}
          size="md"
        />
      </FormStack>
      <OtpDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={t('recovery_code_title')}
        description={t('recovery_code_text', { value: pending?.value ?? '' })}
        seconds={pending?.times ?? 0}
        onResend={resend}
        onConfirm={confirm}
      />
    </Box>
  );
}
