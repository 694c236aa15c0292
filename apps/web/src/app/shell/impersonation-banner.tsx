import { Button } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStopImpersonation } from '../../shared/session/stop-impersonation.ts';
import { toast } from '../../shared/ui/toasts.ts';
import classes from './shell.module.css';

/** Spec §2: while impersonating, a bottom banner reads 'impersonating {name}' with an exit button. */
export function ImpersonationBanner({ name }: { name: string }) {
  const { t } = useTranslation();
  const stop = useStopImpersonation();
  return (
    <div className={classes.banner} role="region" aria-label={t('shell.impersonationRegion')} data-testid="impersonation-banner">
      <span>{t('shell.impersonating', { name })}</span>
      <Button
        size="xs"
        color="dark"
        variant="filled"
        leftSection={<IconUserOff size={16} />}
        loading={stop.isPending}
        onClick={() =>
          stop.mutate(undefined, {
            onError: () => toast.error(t('shell.stopImpersonatingFailed')),
          })
        }
      >
        {t('shell.stopImpersonating')}
      </Button>
    </div>
  );
}
