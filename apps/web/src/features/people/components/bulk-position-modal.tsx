import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toasts.ts';
import type { Option } from '../api/options.ts';
import { useSetManyPosition } from '../api/person-actions.ts';
import { refusalText } from './person-messages.ts';
import { RemoteSelect } from './remote-select.tsx';

type Action = 'add' | 'remove';

/** Gives a position to the people picked in the list, or takes it from them (they get its default permissions). */
export function BulkPositionModal({ opened, selected, onClose, onDone }: { opened: boolean; selected: readonly string[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<Action>('add');
  const [position, setPosition] = useState<Option | null>(null);
  const [missing, setMissing] = useState(false);
  const change = useSetManyPosition();

  const close = () => {
    setPosition(null);
    setMissing(false);
    setAction('add');
    onClose();
  };
  const apply = () => {
    if (!position) return setMissing(true);
    change.mutate(
      { person_ids: [...selected], position_id: position.value, action },
      {
        onSuccess: (answer) => {
          const done = t(`people.bulk.position.${action}Done`, { count: answer.changed.length, position: position.label });
          const same = answer.unchanged.length > 0 ? t(`people.bulk.position.${action}Unchanged`, { count: answer.unchanged.length }) : null;
          toast.show([done, same].filter(Boolean).join(' · '));
          close();
          onDone();
        },
        // a position whose defaults the caller lacks (beyond-own), or one deleted meanwhile, in the people screens' words
        onError: (error) => toast.error(refusalText(t, error, '', t('people.bulk.failed'))),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('people.bulk.position.title', { count: selected.length })} size="md" centered>
      <Stack gap="md" data-testid="bulk-position">
        <SegmentedControl
          value={action}
          onChange={(value) => setAction(value as Action)}
          data={[
            { value: 'add', label: t('people.bulk.position.add') },
            { value: 'remove', label: t('people.bulk.position.remove') },
          ]}
          aria-label={t('people.bulk.position.action')}
          data-testid="bulk-position-action"
        />
        <RemoteSelect
          source="positions"
          label={t('people.filters.position')}
          placeholder={t('people.bulk.position.choose')}
          value={position}
          onChange={(chosen) => {
            setPosition(chosen);
            setMissing(false);
          }}
          error={missing ? t('people.bulk.position.required') : undefined}
          testId="bulk-position-select"
        />
        <Text size="sm" c="dimmed">
          {action === 'add' ? t('people.bulk.position.addHint') : t('people.bulk.position.removeHint')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={apply} loading={change.isPending} data-testid="bulk-position-apply">
            {action === 'add' ? t('people.bulk.position.add') : t('people.bulk.position.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
