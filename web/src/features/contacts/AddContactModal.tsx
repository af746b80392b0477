import { TextInput } from '@mantine/core';
import { createContactInput } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { AccountModal } from '../../components/AccountModal';
import { FormActions } from '../../components/FormActions';
import { FormStack } from '../../components/FormStack';
import { type ApiForm, useApiForm } from '../../components/useApiForm';
import { looseT } from '../../i18n/t';
import { addressInputProps, type ContactKindConfig } from '../../lib/contactKinds';
import { contactExists, createContact } from './api';

type Created = { name: string; times: number };

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
  const add: ApiForm<{ Name: string }> = useApiForm<{ Name: string }, Created | null>({
    initialValues: { Name: '' },
    schema: createContactInput,
    input: (v) => ({ type: config.type, Name: v.Name.trim() }),
    submit: async ({ Name }) => {
      const name = Name.trim();
      if (await contactExists(name)) return null;
      return { name, ...(await createContact(config.type, name)) };
    },
    onSuccess: (created) => {
      if (!created) {
        add.form.setFieldError('Name', tr(config.alreadyKey));
        return;
      }
      add.reset();
      onAdded(created.name, created.times);
    },
  });

  return (
    <AccountModal opened={opened} onClose={onClose} onExitTransitionEnd={add.reset} title={tr(config.keys.add)}>
      <FormStack
        form={add}
        actions={<FormActions submit={t('contact_add_submit')} busy={add.busy} onCancel={onClose} />}
      >
        <TextInput
          {...add.field('Name')}
          {...addressInputProps(config, tr)}
          label={tr(config.keys.inputLabel)}
          description={tr(config.keys.addHint)}
          size="md"
          data-autofocus
        />
      </FormStack>
    </AccountModal>
  );
}
