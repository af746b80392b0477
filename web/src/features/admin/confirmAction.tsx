import { Text } from '@mantine/core';
import { openConfirm } from '../../chrome/openConfirm';

/**
 * The console's confirmation before a change: its title, what it will do in a sentence, and the
 * confirm button (red unless `gentle`: a change that takes nothing away). Texts come translated.
 */
export const confirmAction = (opts: {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  gentle?: boolean;
  onConfirm: () => void;
}) =>
  openConfirm({
    title: opts.title,
    centered: true,
    radius: 'lg',
    children: <Text fz="sm">{opts.text}</Text>,
    labels: { confirm: opts.confirm, cancel: opts.cancel },
    confirmProps: { color: opts.gentle ? 'blue' : 'red' },
    onConfirm: opts.onConfirm,
  });
