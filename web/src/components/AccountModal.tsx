import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The dialog of the account pages (the code popup, the step-up, adding an address): centred,
 * rounded, a bold title and a translated close button. Other Modal props pass through.
 */
export function AccountModal({ children, ...props }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      centered
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': t('common_close') }}
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
      {...props}
    >
      {children}
    </Modal>
  );
}
