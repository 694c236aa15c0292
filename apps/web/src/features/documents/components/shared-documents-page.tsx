import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconEye, IconFile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TSharedDocument } from '@faena/contracts/document-shares';
import { isNotFound } from '../../../shared/api/http-error.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useSharedDocument, useSharedWithMe } from '../api/document-shares-api.ts';
import { downloadDocument } from './documents-browser.tsx';
import { openPreview } from './preview.tsx';

const canPreview = (doc: Pick<TSharedDocument, 'content_type'>) => doc.content_type === 'application/pdf' || doc.content_type.startsWith('image/');

function SharedRow({ doc, highlighted }: { doc: TSharedDocument; highlighted: boolean }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : i18n.language === 'es-MX' ? 'es-MX' : 'es-CL', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(doc.shared_at),
  );
  const failed = () => toast.error(t('documents.shared.downloadFailed'));
  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm" data-testid="shared-document" bg={highlighted ? 'var(--mantine-color-faena-0, var(--mantine-color-blue-0))' : undefined}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFile size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} truncate>
              {doc.title}
            </Text>
            <Text size="xs" c="dimmed">
              {[doc.document_type_name, doc.shared_by_name ? t('documents.shared.by', { name: doc.shared_by_name, date: when }) : when].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          {canPreview(doc) && (
            <Button variant="light" size="xs" leftSection={<IconEye size={16} />} onClick={() => openPreview(doc, t('documents.actions.download'))}>
              {t('documents.actions.preview')}
            </Button>
          )}
          <Button variant="default" size="xs" leftSection={<IconDownload size={16} />} onClick={() => void downloadDocument(doc).catch(failed)} data-testid="shared-download">
            {t('documents.actions.download')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** /documents/shared[/{id}]: what was shared with me; a notification opens the one it names on top. */
export function SharedDocumentsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const list = useSharedWithMe();
  const named = useSharedDocument(id ?? '');
  const rows = list.data ?? [];
  const first = id ? rows.find((d) => d.id === id) : undefined;
  const ordered = first ? [first, ...rows.filter((d) => d.id !== id)] : rows;

  return (
    <Stack gap="md">
      <PageHeader title={t('documents.shared.title')} description={t('documents.shared.description')} />
      {id && (
        <Anchor component={Link} to="/documents/shared" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('documents.shared.all')}
        </Anchor>
      )}
      {id && named.isError && (
        <Alert color="gray" data-testid="shared-gone">
          {isNotFound(named.error) ? t('documents.shared.gone') : t('documents.shared.loadFailed')}
        </Alert>
      )}
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <Alert color="red">{t('documents.shared.loadFailed')}</Alert>
      ) : ordered.length === 0 ? (
        <Text c="dimmed" data-testid="shared-empty">
          {t('documents.shared.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {ordered.map((doc) => (
            <SharedRow key={doc.id} doc={doc} highlighted={doc.id === id} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
