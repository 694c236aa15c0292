import { ActionIcon, Alert, Button, Card, Group, Loader, Modal, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconGauge, IconHistory, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TAsset, TMeter } from '@faena/contracts/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toasts.ts';
import { useAddReading, useCreateMeter, useCreateMeterPlan, useDeleteMeterPlan, useMeters, useReadings } from '../api/assets-api.ts';
import { errorCode, fieldErrors } from '../lib/errors.ts';
import { formatDateTime } from '../lib/format.ts';

/** A reading in the meter's unit, in the reader's language. */
export function formatReading(value: number | null, unit: string, language: string): string {
  if (value === null) return '—';
  const number = value.toLocaleString(language, { maximumFractionDigits: 3 });
  return unit ? `${number} ${unit}` : number;
}

/**
 * The asset's meters (horómetro, km): the last reading, a new one, its history, and the plans by
 * use ("every N units") with where the next maintenance opens (issue 49 point 2).
 */
export function MetersSection({ asset }: { asset: TAsset }) {
  const { t } = useTranslation();
  const meters = useMeters(asset.id);
  const [adding, setAdding] = useState(false);
  const list = meters.data?.results ?? [];
  return (
    <Stack gap="xs" data-testid="meters">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          {t('assets.meters.title')}
        </Title>
        {asset.can_manage && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="new-meter">
            {t('assets.meters.new')}
          </Button>
        )}
      </Group>
      {meters.isPending ? (
        <Loader size="sm" />
      ) : meters.isError ? (
        <Alert color="red">{t('assets.common.loadError')}</Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('assets.meters.none')}</Text>
      ) : (
        list.map((meter) => <MeterCard key={meter.id} asset={asset} meter={meter} />)
      )}
      {adding && <MeterModal assetId={asset.id} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

function MeterCard({ asset, meter }: { asset: TAsset; meter: TMeter }) {
  const { t, i18n } = useTranslation();
  const add = useAddReading(asset.id);
  const remove = useDeleteMeterPlan(asset.id);
  const [value, setValue] = useState<number | string>('');
  const [showHistory, setShowHistory] = useState(false);
  const [planning, setPlanning] = useState(false);
  const history = useReadings(asset.id, meter.id, showHistory);
  const error = fieldErrors(add.error).value;
  const record = () => {
    if (typeof value !== 'number') return;
    add.mutate(
      { meter: meter.id, value },
      {
        onSuccess: (result) => {
          setValue('');
          if (result.opened.length > 0) toast.info(t('assets.meters.opened', { count: result.opened.length }));
        },
        onError: (failure) => errorCode(failure) !== 'reading-decreased' && toast.error(t('assets.meters.readingFailed')),
      },
    );
  };
  return (
    <Card withBorder padding="sm" data-testid="meter-row">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconGauge size={20} aria-hidden />
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{meter.name}</Text>
              <Text size="sm" c="dimmed" data-testid="meter-last">
                {t('assets.meters.last', { value: formatReading(meter.last_value, meter.unit, i18n.language), date: formatDateTime(meter.last_read_at, i18n.language) })}
              </Text>
            </div>
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setShowHistory((open) => !open)}
            aria-label={t('assets.meters.history', { name: meter.name })}
            aria-expanded={showHistory}
            data-testid="meter-history-toggle"
          >
            <IconHistory size={18} />
          </ActionIcon>
        </Group>
        {asset.can_manage && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NumberInput
              label={t('assets.meters.reading', { unit: meter.unit || t('assets.meters.units') })}
              value={value}
              onChange={setValue}
              min={0}
              decimalScale={3}
              thousandSeparator="."
              decimalSeparator=","
              error={error ? t('assets.meters.decreased', { value: formatReading(meter.last_value, meter.unit, i18n.language) }) : undefined}
              style={{ flex: 1 }}
              data-testid="meter-reading-input"
            />
            <Button onClick={record} loading={add.isPending} disabled={typeof value !== 'number'} data-testid="meter-reading-submit">
              {t('assets.meters.record')}
            </Button>
          </Group>
        )}
        {meter.plans.map((plan) => (
          <Group key={plan.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="meter-plan-row">
            <Text size="sm" style={{ minWidth: 0 }}>
              <Text span fw={600}>
                {plan.title}
              </Text>{' '}
              · {t('assets.meters.every', { every: formatReading(plan.every, meter.unit, i18n.language), next: formatReading(plan.next_at, meter.unit, i18n.language) })}
            </Text>
            {asset.can_manage && (
              <ActionIcon variant="subtle" color="red" onClick={() => remove.mutate({ meter: meter.id, plan: plan.id })} aria-label={t('assets.meters.removePlan', { name: plan.title })}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {asset.can_manage && (
          <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => setPlanning(true)} style={{ alignSelf: 'flex-start' }} data-testid="new-meter-plan">
            {t('assets.meters.newPlan')}
          </Button>
        )}
        {showHistory && (
          <Stack gap={2} data-testid="meter-history">
            {history.isPending ? (
              <Loader size="xs" />
            ) : (
              (history.data?.results ?? []).map((reading) => (
                <Text key={reading.id} size="sm" c="dimmed">
                  {formatDateTime(reading.read_at, i18n.language)} · {formatReading(reading.value, meter.unit, i18n.language)}
                  {reading.recorded_by ? ` · ${reading.recorded_by.name}` : ''}
                  {reading.maintenance_id ? ` · ${t('assets.meters.atMaintenance')}` : ''}
                </Text>
              ))
            )}
          </Stack>
        )}
      </Stack>
      {planning && <MeterPlanModal assetId={asset.id} meter={meter} onClose={() => setPlanning(false)} />}
    </Card>
  );
}

function MeterModal({ assetId, onClose }: { assetId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateMeter(assetId);
  const [name, setName] = useState('');
  const [unit, setUnit] = useState('');
  const [initial, setInitial] = useState<number | string>('');
  const errors = fieldErrors(create.error);
  const submit = () => name.trim() && create.mutate({ name: name.trim(), unit: unit.trim(), initial: typeof initial === 'number' ? initial : null }, { onSuccess: onClose, onError: () => undefined });
  return (
    <Modal opened onClose={onClose} title={t('assets.meters.new')} size="md">
      <Stack gap="md">
        <TextInput
          label={t('assets.meters.name')}
          placeholder={t('assets.meters.namePlaceholder')}
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name ? t('assets.meters.nameTaken') : undefined}
          data-testid="meter-name"
        />
        <TextInput
          label={t('assets.meters.unit')}
          placeholder={t('assets.meters.unitPlaceholder')}
          value={unit}
          onChange={(event) => setUnit(event.currentTarget.value)}
          maxLength={20}
          data-testid="meter-unit"
        />
        <NumberInput label={t('assets.meters.initial')} value={initial} onChange={setInitial} min={0} decimalScale={3} thousandSeparator="." decimalSeparator="," data-testid="meter-initial" />
        {create.isError && !Object.keys(errors).length && <Alert color="red">{t('assets.meters.saveFailed')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('assets.common.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending} disabled={!name.trim()} data-testid="meter-submit">
            {t('assets.common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MeterPlanModal({ assetId, meter, onClose }: { assetId: string; meter: TMeter; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateMeterPlan(assetId);
  const [title, setTitle] = useState('');
  const [every, setEvery] = useState<number | string>('');
  const errors = fieldErrors(create.error);
  const submit = () =>
    title.trim() && typeof every === 'number' && every > 0 && create.mutate({ meter: meter.id, body: { title: title.trim(), every } }, { onSuccess: onClose, onError: () => undefined });
  const next = typeof every === 'number' && every > 0 ? (meter.last_value ?? 0) + every : null;
  return (
    <Modal opened onClose={onClose} title={t('assets.meters.newPlan')} size="md">
      <Stack gap="md">
        <TextInput label={t('assets.plans.planTitle')} required value={title} onChange={(event) => setTitle(event.currentTarget.value)} error={errors.title} data-testid="meter-plan-title" />
        <NumberInput
          label={t('assets.meters.everyLabel', { unit: meter.unit || t('assets.meters.units') })}
          description={next !== null ? t('assets.meters.firstAt', { value: formatReading(next, meter.unit, i18n.language) }) : undefined}
          required
          value={every}
          onChange={setEvery}
          min={0}
          decimalScale={3}
          thousandSeparator="."
          decimalSeparator=","
          error={errors.every}
          data-testid="meter-plan-every"
        />
        {create.isError && !Object.keys(errors).length && <Alert color="red">{t('assets.plans.saveFailed')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('assets.common.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending} disabled={!title.trim() || typeof every !== 'number' || every <= 0} data-testid="meter-plan-submit">
            {t('assets.common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
