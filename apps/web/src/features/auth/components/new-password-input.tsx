import { PasswordInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { checkPassword, type PasswordPolicy } from '@faena/domain/password-policy';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { passwordProblemText } from './password-problems.ts';

/** A password being chosen (an invitation, a reset), with the tenant's minimum length under it. */
export function NewPasswordInput({
  label,
  value,
  onChange,
  error,
  testId,
  describe = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  testId: string;
  describe?: boolean;
}) {
  const { t } = useTranslation();
  const tenant = useTenant();
  return (
    <PasswordInput
      label={label}
      description={describe ? t('validation.passwordTooShort', { count: tenant.passwordPolicy.minLength }) : undefined}
      autoComplete="new-password"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      required
      visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
      data-testid={testId}
    />
  );
}

/** The first thing the tenant's policy (spec §5) finds wrong with a chosen password, in words; undefined when nothing. */
export function newPasswordProblem(password: string, policy: PasswordPolicy, t: TFunction): string | undefined {
  const [problem] = checkPassword(password, policy);
  return problem ? passwordProblemText(problem, policy, t) : undefined;
}
