import { ActionIcon, Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEdit, IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLink } from '@faena/contracts';
import { confirm } from '../../../shared/ui/modal.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { useDeleteLink, useLinks, useManagedLinks } from '../api/links.ts';
import { LinkForm } from './link-form.tsx';
import { LinkIcon } from './link-icon.tsx';

/** Links grouped by category, in the server's order (categories by name, links by position). */
export function groupLinks(links: readonly TLink[]): { category: string | null; links: TLink[] }[] {
  const groups: { category: string | null; links: TLink[] }[] = [];
  for (const link of links) {
    const last = groups[groups.length - 1];
    if (last && last.category === link.category) last.links.push(link);
    else groups.push({ category: link.category, links: [link] });
  }
  return groups;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** /links: the links of interest the person sees; MANAGE_POSTS adds, edits and removes them. */
export function LinksPage() {
  const { t } = useTranslation();
  const { ctx } = useAccessContext();
  const canManage = ctx.permissions.includes('MANAGE_POSTS');
  const mine = useLinks();
  const managed = useManagedLinks(canManage);
  const remove = useDeleteLink();
  const list = canManage ? managed : mine;
  const links = list.data?.results ?? [];
  const categories = [...new Set(links.map((link) => link.category).filter((value): value is string => value !== null))];

  // the form lives in the page's tree (it saves through the query client, which the modal manager's tree has not)
  const [editing, setEditing] = useState<{ link?: TLink } | null>(null);
  const edit = (link?: TLink) => setEditing(link ? { link } : {});

  const onDelete = async (link: TLink) => {
    if (
      await confirm({
        id: 'delete-link',
        title: t('links.delete.title'),
        message: t('links.delete.message', { title: link.title }),
        confirmLabel: t('links.delete.confirm'),
        cancelLabel: t('links.cancel'),
        danger: true,
      })
    )
      remove.mutate(link.id);
  };

  return (
    <Stack gap="md" maw={1040}>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.link ? t('links.form.editTitle') : t('links.form.newTitle')}
        size="md"
        centered
        closeButtonProps={{ 'aria-label': t('links.cancel') }}
      >
        {editing && <LinkForm link={editing.link} categories={categories} onDone={() => setEditing(null)} />}
      </Modal>
      <PageHeader
        title={t('links.title')}
        description={canManage ? t('links.manageHelp') : undefined}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => edit()} data-testid="new-link">
              {t('links.new')}
            </Button>
          )
        }
      />
      {list.isPending ? (
        <Loader aria-label={t('links.loading')} />
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {t('links.loadError')}
        </Alert>
      ) : links.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="links-empty">
          {canManage ? t('links.emptyManage') : t('links.empty')}
        </Text>
      ) : (
        groupLinks(links).map((group) => (
          <Stack key={group.category ?? ''} gap="xs" component="section" aria-label={group.category ?? t('links.uncategorised')}>
            <Title order={2} fz="md" c="dimmed" tt="uppercase" lts={0.5}>
              {group.category ?? t('links.uncategorised')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {group.links.map((link) => (
                <Card key={link.id} withBorder radius="md" padding="sm" data-testid="link-card">
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <ThemeIcon variant="light" size={40} radius="md">
                      <LinkIcon icon={link.icon} />
                    </ThemeIcon>
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Anchor href={link.url} target="_blank" rel="noopener noreferrer" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {link.title} <IconExternalLink size={14} aria-label={t('links.opensOutside')} style={{ verticalAlign: 'text-top' }} />
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate>
                        {hostOf(link.url)}
                      </Text>
                      {canManage && (
                        <Badge size="xs" variant="light" color="gray" style={{ alignSelf: 'flex-start' }}>
                          {link.audience ? link.audience.name : t('links.everyone')}
                        </Badge>
                      )}
                    </Stack>
                    {canManage && (
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon variant="subtle" color="gray" onClick={() => edit(link)} aria-label={t('links.editLink', { title: link.title })}>
                          <IconEdit size={16} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" onClick={() => void onDelete(link)} aria-label={t('links.deleteLink', { title: link.title })}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        ))
      )}
    </Stack>
  );
}
