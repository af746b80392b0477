import { Box, Button, Modal } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Campaign action 2: an HTML message after sign-in, sanitized; closing continues. */
export function CampaignPopup({ html, onClose }: { html: string; onClose: () => void }) {
  const { t } = useTranslation();
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <Modal opened onClose={onClose} centered size="lg" radius="lg" title={t('campaign_title')}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above */}
      <Box dangerouslySetInnerHTML={{ __html: clean }} />
      <Button fullWidth mt="lg" onClick={onClose}>
        {t('common_close')}
      </Button>
    </Modal>
  );
}
