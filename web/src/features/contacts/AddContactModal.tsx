import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { looseT } from '../../i18n/t';
import { splitApiError } from '../../lib/formErrors';
import { contactExists, createContact } from './api';
import type { ContactKindConfig } from './kinds';

export interface AddContactModalProps {
  config: ContactKindConfig;
  opened: boolean;
  onClose: () => void;
  /** Called once the unconfirmed entry exists and its code was sent. */
  onAdded: (name: string, times: number) => void;
}

/** Add e-mail / add phone: format rule, existence check, then create (spec account §4, §5). */
export function AddContactModal({ config, opened, onClose, onAdded }: AddContactModalProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: async (name: string) => {
      if (await contactExists(name)) return null;
      return { name, ...(await createContact(config.type, name)) };
    },
    onSuccess: (created) => {
      if (!created) {
        setError(tr(config.alreadyKey));
        return;
      }
      reset();
      onAdded(created.name, created.times);
    },
    onError: (err) => {
      const split = splitApiError(err, ['Name'], tr);
      setError(split.fields.Name ?? split.alert);
    },
  });

  const reset = () => {
    setValue('');
    setError(null);
    add.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = value.trim();
    const invalid = config.validate(name);
    setError(invalid && tr(invalid));
    if (!invalid) add.mutate(name);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={reset}
      title={tr(config.keys.add)}
      centered
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': t('common_close') }}
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            name="Name"
            label={tr(config.keys.inputLabel)}
            description={tr(config.keys.addHint)}
            type={config.input.type}
            inputMode={config.input.inputMode}
            autoComplete={config.input.autoComplete}
            placeholder={config.input.placeholder ? tr(config.input.placeholder) : '0912345678'}
            size="md"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" type="button" onClick={onClose} disabled={add.isPending}>
              {t('common_cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} miw={120}>
              {t('contact_add_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
