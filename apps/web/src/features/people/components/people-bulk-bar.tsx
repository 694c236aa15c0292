import { Button, Group, Paper, Text } from '@mantine/core';
import { IconBriefcase, IconMail, IconUserCheck, IconUserOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { confirm } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useInviteMany, useSetManyDisabled } from '../api/person-actions.ts';
import { BulkPositionModal } from './bulk-position-modal.tsx';

/** What can be done with the people picked in the list: invite them, give or take a position, disable or enable them, all at once. */
export function PeopleBulkBar({ selected, onDone, onClear }: { selected: readonly string[]; onDone: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  const bulk = useSetManyDisabled();
  const invite = useInviteMany();
  const [positionOpen, setPositionOpen] = useState(false);

  const inviteAll = async () => {
    const ok = await confirm({
      id: 'people-bulk-invite',
      title: t('people.bulk.inviteTitle', { count: selected.length }),
      message: t('people.bulk.inviteMessage'),
      confirmLabel: t('people.bulk.invite'),
      cancelLabel: t('common.cancel'),
    }).catch(() => false);
    if (!ok) return;
    invite.mutate(
      { person_ids: [...selected] },
      {
        onSuccess: (answer) => {
          const skipped = (['has_account', 'disabled', 'no_email'] as const).filter((why) => answer[why].length > 0).map((why) => t(`people.bulk.skipped.${why}`, { count: answer[why].length }));
          toast.show([t('people.bulk.invited', { count: answer.invited.length }), ...skipped].join(' · '));
          onDone();
        },
        onError: () => toast.error(t('people.bulk.failed')),
      },
    );
  };

  const run = async (disabled: boolean) => {
    if (disabled) {
      const ok = await confirm({
        id: 'people-bulk-disable',
        title: t('people.bulk.confirmTitle', { count: selected.length }),
        message: t('people.bulk.confirmMessage'),
        confirmLabel: t('people.bulk.disable'),
        cancelLabel: t('common.cancel'),
        danger: true,
      }).catch(() => false);
      if (!ok) return;
    }
    bulk.mutate(
      { person_ids: [...selected], disabled },
      {
        onSuccess: (answer) => {
          const done = t(disabled ? 'people.bulk.disabled' : 'people.bulk.enabled', { count: answer.changed.length });
          toast.show(answer.unchanged.length > 0 ? `${done} · ${t('people.bulk.unchanged', { count: answer.unchanged.length })}` : done);
          onDone();
        },
        onError: (error) => toast.error(isHttpError(error) && error.code === 'operation-not-allowed' ? t('people.bulk.self') : t('people.bulk.failed')),
      },
    );
  };

  return (
    <Paper withBorder p="xs" radius="md" data-testid="people-bulk-bar">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} aria-live="polite">
          {t('people.bulk.selected', { count: selected.length })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconMail size={14} />} loading={invite.isPending} onClick={() => void inviteAll()} data-testid="people-bulk-invite">
            {t('people.bulk.invite')}
          </Button>
          <Button size="xs" variant="light" leftSection={<IconBriefcase size={14} />} onClick={() => setPositionOpen(true)} data-testid="people-bulk-position">
            {t('people.bulk.position.button')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconUserOff size={14} />}
            loading={bulk.isPending && bulk.variables?.disabled === true}
            onClick={() => void run(true)}
            data-testid="people-bulk-disable"
          >
            {t('people.bulk.disable')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUserCheck size={14} />}
            loading={bulk.isPending && bulk.variables?.disabled === false}
            onClick={() => void run(false)}
            data-testid="people-bulk-enable"
          >
            {t('people.bulk.enable')}
          </Button>
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear} data-testid="people-bulk-clear">
            {t('people.bulk.clear')}
          </Button>
        </Group>
      </Group>
      <BulkPositionModal opened={positionOpen} selected={selected} onClose={() => setPositionOpen(false)} onDone={onDone} />
    </Paper>
  );
}
