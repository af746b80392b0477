import { Alert } from '@mantine/core';
import { Icon } from '../../components/Icon';

// A form's message that belongs to no field. The page kit's FormAlert replaces it once the kit
// (web/src/components) is on main.
export function FormAlertBox({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
      {message}
    </Alert>
  );
}
