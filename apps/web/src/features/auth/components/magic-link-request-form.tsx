import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRequestMagicLink } from '../api/request-magic-link.ts';
import { EmailRequestForm } from './email-request-form.tsx';

/** Sends the e-mail with the sign-in link and the 6-digit code, then asks for the code. */
export function MagicLinkRequestForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useRequestMagicLink();
  return (
    <EmailRequestForm
      initialEmail={initialEmail}
      name={t('auth.magic.form')}
      explain={t('auth.magic.explain')}
      submit={t('auth.magic.send')}
      request={request}
      onEmail={(address) => request.mutate(address, { onSuccess: () => void navigate(`/from-magic-link?email=${encodeURIComponent(address)}&sent=1`) })}
    />
  );
}
