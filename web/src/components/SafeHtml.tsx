import { Box, type BoxProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './SafeHtml.module.css';

/** HTML the server already sanitized (bio, activity entries), sanitized again with DOMPurify before rendering. */
export function SafeHtml({ html, className, ...props }: { html: string; className?: string } & BoxProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] }), [html]);
  const classNames = [classes.html, className].filter(Boolean).join(' ');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above
  return <Box {...props} className={classNames} dangerouslySetInnerHTML={{ __html: clean }} />;
}
