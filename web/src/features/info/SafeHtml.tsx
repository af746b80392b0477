import { Box, type BoxProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** HTML the server already sanitized (bio, activity entries), sanitized again with DOMPurify before rendering. */
export function SafeHtml({ html, ...props }: { html: string } & BoxProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above
  return <Box {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
