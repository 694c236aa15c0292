import { ActionIcon, Alert, Badge, Button, CopyButton, Group, Loader, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReport } from '@faena/contracts';
import { confirm } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { usePublicLinks } from '../api/get-reports.ts';
import { useLinkMutations } from '../api/save-report.ts';
import { intlLocale } from '../lib/labels.ts';

const STATE_COLOR = { active: 'teal', expired: 'orange', revoked: 'gray' } as const;

/** A built-in report's public links: make one (optionally expiring), copy it, revoke it. */
export function PublicLinksModal({ report, onClose }: { report: TReport; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const links = usePublicLinks(report.id);
  const { create, revoke } = useLinkMutations(report.id);
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

  const make = async () => {
    setError(null);
    const at = expires ? new Date(expires) : null;
    if (at && at.getTime() <= Date.now()) {
      setError(t('reports.links.expiryPast'));
      return;
    }
    try {
      await create.mutateAsync(at ? at.toISOString() : null);
      setExpires('');
    } catch {
      toast.error(t('reports.links.createError'));
    }
  };
  const revokeLink = async (id: string) => {
    const ok = await confirm({
      id: 'report-link-revoke',
      title: t('reports.links.revokeTitle'),
      message: t('reports.links.revokeMessage'),
      confirmLabel: t('reports.links.revoke'),
      cancelLabel: t('reports.cancel'),
      danger: true,
    });
    if (ok) await revoke.mutateAsync(id);
  };

  return (
    <Modal opened onClose={onClose} title={t('reports.links.title', { title: report.title })} size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('reports.links.help')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="datetime-local"
            label={t('reports.links.expires')}
            description={t('reports.links.expiresHelp')}
            value={expires}
            onChange={(e) => setExpires(e.currentTarget.value)}
            error={error}
            w={{ base: '100%', sm: 260 }}
          />
          <Button leftSection={<IconLink size={16} />} onClick={() => void make()} loading={create.isPending} data-testid="report-link-create">
            {t('reports.links.create')}
          </Button>
        </Group>
        {links.isPending ? (
          <Loader size="sm" />
        ) : links.isError ? (
          <Alert color="red">{t('reports.errors.view')}</Alert>
        ) : links.data.results.length === 0 ? (
          <Text c="dimmed">{t('reports.links.none')}</Text>
        ) : (
          <Stack gap="xs">
            {links.data.results.map((link) => {
              const url = `${window.location.origin}${link.path}`;
              return (
                <Group key={link.id} wrap="nowrap" gap="sm" p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="report-link">
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap={6}>
                      <Badge color={STATE_COLOR[link.state]} variant="light" data-testid="report-link-state">
                        {t(`reports.links.state.${link.state}`)}
                      </Badge>
                      {link.expires_at && link.state === 'active' && (
                        <Text size="xs" c="dimmed">
                          {t('reports.links.until', { date: when.format(new Date(link.expires_at)) })}
                        </Text>
                      )}
                    </Group>
                    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="report-link-url">
                      {url}
                    </Text>
                  </Stack>
                  {link.state === 'active' && (
                    <>
                      <CopyButton value={url}>
                        {({ copied, copy }) => (
                          <Tooltip label={copied ? t('reports.links.copied') : t('reports.links.copy')}>
                            <ActionIcon variant="subtle" size="lg" onClick={copy} aria-label={t('reports.links.copy')}>
                              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </CopyButton>
                      <Button variant="subtle" color="red" size="compact-sm" onClick={() => void revokeLink(link.id)} data-testid="report-link-revoke">
                        {t('reports.links.revoke')}
                      </Button>
                    </>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
