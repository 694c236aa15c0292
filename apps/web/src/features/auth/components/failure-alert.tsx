import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** Why a request of the sign-in screens failed, above their form (nothing when it did not). */
export function FailureAlert({ failure, testId }: { failure: { title?: string | undefined; message: string } | null; testId?: string }) {
  if (!failure) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={failure.title} role="alert" data-testid={testId}>
      {failure.message}
    </Alert>
  );
}
