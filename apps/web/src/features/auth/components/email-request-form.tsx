import { Button, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { useEmailInput } from '../../../shared/ui/use-email-input.ts';
import { FailureAlert } from './failure-alert.tsx';
import { signInErrorMessage } from './sign-in-error.ts';

interface EmailRequestFormProps {
  initialEmail: string;
  /** The form's accessible name, what it is for, and its button. */
  name: string;
  explain: string;
  submit: string;
  /** The request in flight: its failure is said above the box in the sign-in screens' words. */
  request: { isPending: boolean; error: unknown };
  /** A well-formed address was submitted. */
  onEmail: (address: string) => void;
  testIds?: { email: string; submit: string };
  /** Below the button (a way back). */
  children?: ReactNode;
}

/** Asks for something by e-mail on the sign-in screens: a magic link, a link for a new password. */
export function EmailRequestForm({ initialEmail, name, explain, submit, request, onEmail, testIds, children }: EmailRequestFormProps) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const { email, setEmail, error, checked } = useEmailInput(initialEmail);
  const failure = request.error ? signInErrorMessage(request.error, t, tenant.name) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = checked();
    if (address) onEmail(address);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={name}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {explain}
        </Text>
        <FailureAlert failure={failure} />
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
          required
          data-testid={testIds?.email}
        />
        <Button type="submit" fullWidth size="md" loading={request.isPending} data-testid={testIds?.submit}>
          {submit}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
