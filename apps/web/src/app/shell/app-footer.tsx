import { useTranslation } from 'react-i18next';
import { BUILD_INFO } from '../../shared/config/build-info.ts';
import classes from './shell.module.css';

/** Spec §2: the footer shows the app version. */
export function AppFooter({ tenantName }: { tenantName: string }) {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer} data-testid="app-footer">
      {tenantName} · Faena {t('shell.version', { version: BUILD_INFO.version })}
    </footer>
  );
}
