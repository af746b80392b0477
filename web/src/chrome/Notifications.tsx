// Loaded by App.tsx only once a page shows its first toast (bench/README.md: the login page's
// first load does not carry the toast container and its transitions).
import '@mantine/notifications/styles.layer.css';
import { Notifications as MantineNotifications, type NotificationsProps } from '@mantine/notifications';
import { usePhone } from '../hooks/usePhone';
import classes from './Notifications.module.css';

/**
 * The toast container, placed where it hides nothing the person needs (issue 34 point 9): on a
 * phone at the bottom, clear of the header and a dialog's title; elsewhere top right, under the
 * header.
 */
export default function Notifications(props: Omit<NotificationsProps, 'position'>) {
  const phone = usePhone();
  return (
    <MantineNotifications
      {...props}
      position={phone ? 'bottom-center' : 'top-right'}
      classNames={{ root: classes.underHeader }}
    />
  );
}
