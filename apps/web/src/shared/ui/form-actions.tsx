import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

/** A form's last row: cancel (back to where the form came from) and the submit button. */
export function FormActions({ cancelTo, cancelLabel, submitLabel, saving, submitTestId }: { cancelTo: string; cancelLabel: string; submitLabel: string; saving: boolean; submitTestId?: string }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" component={Link} to={cancelTo}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={saving} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
