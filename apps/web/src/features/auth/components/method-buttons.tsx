import { Alert, Button, Stack } from '@mantine/core';
import { IconBrandGoogle, IconKey, IconLink, IconMail, IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signInMethodDisplayName, type SignInMethod } from '@faena/domain/sign-in-methods';

function methodIcon(method: SignInMethod) {
  switch (method.type) {
    case 'GOOGLE':
      return <IconBrandGoogle size={18} />;
    case 'PASSWORD':
      return <IconMail size={18} />;
    case 'MAGIC_LINK':
      return <IconLink size={18} />;
    default:
      return <IconKey size={18} />;
  }
}

/** Spec §3 display names (Spanish in `es`), translated for the other languages; provider names stay as they are. */
export function methodLabel(method: SignInMethod, t: (key: string) => string): string {
  if (method.type === 'SAML' || method.type === 'OIDC') return signInMethodDisplayName(method);
  return t(`auth.methods.${method.type}`);
}

export function methodKey(method: SignInMethod): string {
  return method.type === 'SAML' || method.type === 'OIDC' ? method.providerId : method.type;
}

/**
 * One button per sign-in method. Federated methods (Google, OIDC, SAML) are not built yet:
 * choosing one says so (spec §8 text).
 */
export function MethodButtons({ methods, onChoose }: { methods: readonly SignInMethod[]; onChoose: (method: SignInMethod) => void }) {
  const { t } = useTranslation();
  const [unavailable, setUnavailable] = useState(false);
  return (
    <Stack gap="sm">
      {unavailable && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert" withCloseButton closeButtonLabel={t('common.close')} onClose={() => setUnavailable(false)} data-testid="method-unavailable">
          {t('auth.methodUnavailable')}
        </Alert>
      )}
      {methods.map((method) => (
        <Button
          key={methodKey(method)}
          variant="default"
          size="md"
          fullWidth
          h="auto"
          mih={44}
          py={8}
          styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
          leftSection={methodIcon(method)}
          onClick={() => {
            if (method.type === 'PASSWORD' || method.type === 'MAGIC_LINK') {
              setUnavailable(false);
              onChoose(method);
            } else setUnavailable(true);
          }}
          data-testid={`method-${method.type.toLowerCase()}`}
        >
          {t('auth.continueWith', { method: methodLabel(method, t) })}
        </Button>
      ))}
    </Stack>
  );
}
