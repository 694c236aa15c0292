import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import type { FederatedFailureCode } from '../federated.ts';
import { FailureAlert } from './failure-alert.tsx';

/** What a federated sign-in's failure says (spec §8 mapping; the spec's own texts verbatim). */
export function FederatedFailure({ code }: { code: FederatedFailureCode | null }) {
  const { t } = useTranslation();
  const tenant = useTenant();
  if (!code) return null;
  const message =
    code === 'not-member'
      ? t('auth.errors.notMember', { x: tenant.name })
      : code === 'method-unavailable'
        ? t('auth.methodUnavailable')
        : code === 'user-disabled'
          ? t('auth.errors.userDisabled')
          : t(`auth.federated.errors.${code}`);
  return <FailureAlert failure={{ ...(code === 'not-member' ? { title: t('auth.errors.notMemberTitle') } : {}), message }} testId="federated-error" />;
}
