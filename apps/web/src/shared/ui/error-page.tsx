import { Alert, Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconDownload, IconHome, IconRefresh, IconTrash, IconClockHour4, IconMail } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SUPPORT_EMAIL } from '../config/build-info.ts';
import { downloadText } from '../lib/download.ts';
import { isChunkLoadError } from '../lib/chunk-failure.ts';
import { getPlatform } from '../platform/platform.ts';
import { useOptionalTenant } from '../tenant/tenant-context.tsx';
import { buildErrorReport, errorReportHtml } from './error-report.ts';
import { StatusScreen } from './status-screen.tsx';

const TRY_LATER_SECONDS = 60;

/** Wipes what this app keeps on the device, then starts over (spec §2 "clear app data"). */
export async function clearAppData(): Promise<void> {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage may be unavailable; the rest still runs.
  }
  try {
    if ('caches' in window) for (const key of await caches.keys()) await caches.delete(key);
  } catch {
    // Cache API refused: nothing cached to clear.
  }
  try {
    const databases = 'databases' in indexedDB ? await indexedDB.databases() : [];
    for (const db of databases) if (db.name) indexedDB.deleteDatabase(db.name);
  } catch {
    // IndexedDB unavailable.
  }
  try {
    for (const registration of (await navigator.serviceWorker?.getRegistrations()) ?? []) await registration.unregister();
  } catch {
    // No service worker.
  }
}

/**
 * The unknown-error page (spec §2): reload, go home, restart (native only), clear app data, try
 * later, technical details with downloadable HTML (the server's answer and the stack), support.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const tenant = useOptionalTenant();
  const report = useMemo(() => buildErrorReport(error), [error]);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const supportEmail = tenant?.supportEmail || DEFAULT_SUPPORT_EMAIL;
  const platform = getPlatform();
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (countdown === null) return;
    if (countdown <= 0) {
      window.location.reload();
      return;
    }
    const timer = window.setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  const mailto = `mailto:${supportEmail}?subject=${encodeURIComponent(t('errorPage.mailSubject', { tenant: tenant?.name ?? '' }))}&body=${encodeURIComponent(
    `${report.name}: ${report.message}\n${report.page}\n${report.at}\n${report.version}${report.http ? `\n${report.http.method} ${report.http.url} → ${report.http.status}` : ''}`,
  )}`;

  return (
    <StatusScreen icon={<IconAlertTriangle size={34} stroke={1.6} />} title={t('errorPage.title')} color="red" testId="error-page">
      <Stack gap="md" align="stretch" style={{ minWidth: 0 }}>
        <Text c="dimmed">{chunkError ? t('errorPage.chunkBody') : t('errorPage.body')}</Text>
        <Group justify="center" gap="sm">
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            {t('errorPage.reload')}
          </Button>
          <Button variant="default" leftSection={<IconHome size={18} />} onClick={() => window.location.assign('/home')}>
            {t('errorPage.goHome')}
          </Button>
          {platform.isNative && (
            <Button variant="default" onClick={() => window.location.assign('/')}>
              {t('errorPage.restartApp')}
            </Button>
          )}
        </Group>

        {countdown === null ? (
          <Group justify="center" gap="sm">
            <Button variant="subtle" leftSection={<IconClockHour4 size={18} />} onClick={() => setCountdown(TRY_LATER_SECONDS)}>
              {t('errorPage.tryLater')}
            </Button>
            <Button variant="subtle" color="red" leftSection={<IconTrash size={18} />} onClick={() => setConfirmClear(true)} aria-expanded={confirmClear}>
              {t('errorPage.clearData')}
            </Button>
          </Group>
        ) : (
          <Alert color="blue" title={t('errorPage.tryLaterTitle')} role="status">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('errorPage.tryLaterBody', { seconds: countdown })}</Text>
              <Button size="xs" variant="default" onClick={() => setCountdown(null)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Alert>
        )}

        {confirmClear && (
          <Alert color="red" title={t('errorPage.clearDataTitle')} ta="left">
            <Stack gap="sm">
              <Text size="sm">{t('errorPage.clearDataBody')}</Text>
              <Group gap="sm">
                <Button
                  color="red"
                  size="xs"
                  onClick={() => {
                    void clearAppData().then(() => window.location.assign('/'));
                  }}
                >
                  {t('errorPage.clearDataConfirm')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmClear(false)}>
                  {t('common.cancel')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        <Text size="sm">
          {t('errorPage.support')}{' '}
          <Anchor href={mailto} inline>
            <IconMail size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden="true" />
            {supportEmail}
          </Anchor>
        </Text>

        <Button
          variant="subtle"
          color="gray"
          size="sm"
          rightSection={detailsOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          onClick={() => setDetailsOpen((open) => !open)}
          aria-expanded={detailsOpen}
          aria-controls="error-technical-details"
        >
          {t('errorPage.details')}
        </Button>
        {detailsOpen && (
          <Stack gap="xs" ta="left" id="error-technical-details" style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {report.name}: {report.message}
            </Text>
            {report.http && (
              <Text size="sm" data-testid="error-http" style={{ overflowWrap: 'anywhere' }}>
                {report.http.method} {report.http.url} → {report.http.status || t('errorPage.networkError')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {report.at} · {report.version}
            </Text>
            {report.stack && (
              <Code block fz="xs" style={{ maxHeight: 220, maxWidth: '100%', overflow: 'auto' }} tabIndex={0} aria-label={t('errorPage.stack')}>
                {report.stack}
              </Code>
            )}
            <Group gap="sm">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadText(`faena-error-${report.at.replace(/[:.]/g, '-')}.html`, errorReportHtml(report), 'text/html;charset=utf-8')}
              >
                {t('errorPage.downloadReport')}
              </Button>
              {report.http?.body && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                  onClick={() =>
                    downloadText(
                      `faena-response-${report.http!.status}.html`,
                      report.http!.isHtml ? report.http!.body : `<!doctype html><meta charset="utf-8"><pre>${report.http!.body.replace(/</g, '&lt;')}</pre>`,
                      'text/html;charset=utf-8',
                    )
                  }
                >
                  {t('errorPage.downloadResponse')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Stack>
    </StatusScreen>
  );
}
