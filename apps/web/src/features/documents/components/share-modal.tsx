import { ActionIcon, Alert, Avatar, Button, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDocument } from '@faena/contracts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useDocumentShares, useShareMutations } from '../api/document-shares-api.ts';

/** Shares a document with persons (each is told once) and lists, with removal, who it is shared with. */
export function ShareModal({ doc, onClose }: { doc: Pick<TDocument, 'id' | 'title'>; onClose: () => void }) {
  const { t } = useTranslation();
  const shares = useDocumentShares(doc.id);
  const { share, unshare } = useShareMutations(doc.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const already = new Set((shares.data ?? []).map((s) => s.person_id));

  const submit = () =>
    share.mutate(chosen, {
      onSuccess: () => {
        toast.show(t('documents.share.done', { count: chosen.length }));
        setChosen([]);
      },
      onError: () => toast.error(t('documents.share.failed')),
    });

  return (
    <Modal opened onClose={onClose} title={t('documents.share.title', { title: doc.title })} size="lg" centered>
      <Stack gap="md" data-testid="share-modal">
        <Text size="sm" c="dimmed">
          {t('documents.share.help')}
        </Text>
        <EntityPicker kind="persons" label={t('documents.share.persons')} value={chosen} onChange={setChosen} exclude={already} data-testid="share-persons" />
        <Group justify="flex-end">
          <Button onClick={submit} disabled={chosen.length === 0} loading={share.isPending} data-testid="share-submit">
            {t('documents.share.submit')}
          </Button>
        </Group>
        <Text fw={600} size="sm">
          {t('documents.share.sharedWith')}
        </Text>
        {shares.isPending ? (
          <Loader size="sm" />
        ) : shares.isError ? (
          <Alert color="red">{t('documents.share.loadFailed')}</Alert>
        ) : shares.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="share-none">
            {t('documents.share.none')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shares.data.map((s) => (
              <Group component="li" key={s.person_id} justify="space-between" wrap="nowrap" data-testid="share-row">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar src={s.picture} size="sm" radius="xl" name={s.name} color="initials" />
                  <Text size="sm" truncate>
                    {s.name}
                  </Text>
                </Group>
                <Tooltip label={t('documents.share.remove', { name: s.name })}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('documents.share.remove', { name: s.name })}
                    onClick={() => unshare.mutate(s.person_id)}
                    loading={unshare.isPending && unshare.variables === s.person_id}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
