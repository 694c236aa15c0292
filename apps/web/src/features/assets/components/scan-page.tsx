import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconHistory } from '@tabler/icons-react';
import { assetNotFoundDetail } from '@faena/contracts/assets';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useScan, useScans } from '../api/assets-api.ts';
import { errorCode } from '../lib/errors.ts';
import { assetPath, formatDateTime } from '../lib/format.ts';
import type { FrameDetector } from '../lib/detector.ts';
import { CameraScanner } from './camera-scanner.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * /assets/scan (mobile first): the camera reads a QR code or barcode, or the person types the code;
 * a known code opens the asset, an unknown one says exactly 'Could not find an asset with the code
 * {code}' (spec shell §8). Below, the person's scan history.
 */
export function ScanPage({ openCamera, makeDetector }: { openCamera?: () => Promise<MediaStream>; makeDetector?: () => Promise<FrameDetector> }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const scan = useScan();
  const history = useScans();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const lookUp = (code: string) => {
    const clean = code.trim();
    if (!clean || scan.isPending) return;
    setProblem(null);
    scan.mutate(clean, {
      onSuccess: (asset) => void navigate(assetPath(asset.id)),
      onError: (error) => setProblem(errorCode(error) === 'asset-not-found' ? assetNotFoundDetail(clean) : t('assets.scan.failed')),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    lookUp(typed);
  };

  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%">
      <PageHeader title={t('assets.scan.title')} description={t('assets.scan.description')} />
      <CameraScanner onCode={lookUp} {...(openCamera ? { openCamera } : {})} {...(makeDetector ? { makeDetector } : {})} />
      {problem && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} data-testid="scan-error">
          {problem}
        </Alert>
      )}
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t('assets.scan.typeCode')}
            placeholder={t('assets.scan.codePlaceholder')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            size="md"
            style={{ flex: 1 }}
            autoCapitalize="characters"
            autoComplete="off"
            data-testid="scan-code-input"
          />
          <Button type="submit" size="md" loading={scan.isPending} disabled={!typed.trim()} data-testid="scan-code-submit">
            {t('assets.scan.open')}
          </Button>
        </Group>
      </form>
      <Stack gap="xs">
        <Group gap={6}>
          <IconHistory size={18} />
          <Title order={2} fz="lg">
            {t('assets.scan.history')}
          </Title>
        </Group>
        {history.isPending ? (
          <Loader size="sm" />
        ) : history.isError ? (
          <Text c="red">{t('assets.common.loadError')}</Text>
        ) : history.data.results.length === 0 ? (
          <Text c="dimmed">{t('assets.scan.noHistory')}</Text>
        ) : (
          history.data.results.map((entry) => (
            <Card key={entry.id} withBorder padding="sm" data-testid="scan-history-row">
              {entry.asset ? (
                <Anchor component={Link} to={assetPath(entry.asset.id)} underline="never" c="inherit">
                  <Group justify="space-between" wrap="nowrap" mih={44}>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {entry.asset.name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {entry.code} · {formatDateTime(entry.scanned_at, i18n.language)}
                      </Text>
                    </Stack>
                    <Group gap="xs" wrap="nowrap">
                      <StatusBadge status={entry.asset.maintenance_status} size="sm" />
                      <IconArrowRight size={18} />
                    </Group>
                  </Group>
                </Anchor>
              ) : (
                <Stack gap={0} mih={44} justify="center">
                  <Text fw={600}>{entry.code}</Text>
                  <Text size="sm" c="dimmed">
                    {assetNotFoundDetail(entry.code)} · {formatDateTime(entry.scanned_at, i18n.language)}
                  </Text>
                </Stack>
              )}
            </Card>
          ))
        )}
      </Stack>
    </Stack>
  );
}
