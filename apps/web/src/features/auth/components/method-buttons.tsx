import { Alert, Button, Stack } from '@mantine/core';
import { IconBrandGoogle, IconKey, IconLink, IconMail, IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signInMethodDisplayName, type SignInMethod } from '@faena/domain/sign-in-methods';
import { FederatedFailure } from './federated-failure.tsx';
import { NeedConfirmPanel } from './need-confirm.tsx';
import { useFederatedSignIn } from './use-federated-sign-in.ts';

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

const isFederated = (method: SignInMethod) => method.type === 'GOOGLE' || method.type === 'OIDC' || method.type === 'SAML';

export function methodKey(method: SignInMethod): string {
  return method.type === 'SAML' || method.type === 'OIDC' ? method.providerId : method.type;
}

/**
 * One button per sign-in method. Google, OIDC and SAML sign in through their provider (popup on a
 * wide screen, redirect on a phone: decision 029); a method this version does not know says so (spec §8 text).
 */
export function MethodButtons({ methods, onChoose }: { methods: readonly SignInMethod[]; onChoose: (method: SignInMethod) => void }) {
  const { t } = useTranslation();
  const [unavailable, setUnavailable] = useState(false);
  const federated = useFederatedSignIn();
  if (federated.needConfirm) return <NeedConfirmPanel need={federated.needConfirm} onCancel={federated.clearNeedConfirm} />;
  return (
    <Stack gap="sm">
      <FederatedFailure code={federated.failure} />
      {federated.nativeReturn && (
        // The in-app browser of the native shell: the app opens by its address (a tap, should the browser want one).
        <Button component="a" href={federated.nativeReturn} size="md" fullWidth data-testid="native-return">
          {t('auth.federated.backToApp')}
        </Button>
      )}
      {unavailable && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setUnavailable(false)}
          data-testid="method-unavailable"
        >
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
            setUnavailable(false);
            if (method.type === 'PASSWORD' || method.type === 'MAGIC_LINK') onChoose(method);
            else if (isFederated(method)) federated.start(method);
            else setUnavailable(true);
          }}
          loading={federated.pending && isFederated(method)}
          data-testid={`method-${method.type.toLowerCase()}`}
        >
          {t('auth.continueWith', { method: methodLabel(method, t) })}
        </Button>
      ))}
    </Stack>
  );
}
