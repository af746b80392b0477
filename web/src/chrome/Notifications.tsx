// Loaded by App.tsx only once a page shows its first toast (bench/README.md: the login page's
// first load does not carry the toast container and its transitions).
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

export default Notifications;
