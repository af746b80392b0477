import { Alert } from '@mantine/core';
import { Icon } from './Icon';

/** A form's message that belongs to no field (a refused call, a rule of the whole form); nothing when empty. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
      {message}
    </Alert>
  );
}
