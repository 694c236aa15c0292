import { Alert, Anchor, Button, Card, Group, Loader, Modal, NumberInput, SegmentedControl, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendar, IconCheck, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import type { TAsset, TMaintenance, TMaintenanceKind } from '@faena/contracts/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/ui/toasts.ts';
import { useAssetType, useCompleteMaintenance, useCreatePlan, useMaintenances, useMeters, usePlans, useStartMaintenance } from '../api/assets-api.ts';
import { errorCode, fieldErrors } from '../lib/errors.ts';
import { formatDateTime, formatMoney } from '../lib/format.ts';
import { PLAN_FREQUENCIES, planRule, readRule, type PlanFrequency } from '../lib/rrule.ts';
import { PEOPLE_SOURCE, RemoteSelect } from '../../../shared/ui/remote-select.tsx';
import { AssetInspections } from './asset-inspections.tsx';
import { MetersSection } from './meters-section.tsx';
import { MaintenanceStateBadge, StatusBadge, StatusReason } from './status-badge.tsx';

export function maintenancePath(maintenance: TMaintenance): string {
  return `/assets/maintenances/${encodeURIComponent(maintenance.workflow_type?.id ?? 'records')}/executions/${encodeURIComponent(maintenance.id)}?asset=${encodeURIComponent(maintenance.asset.id)}`;
}

/** The asset's maintenance: its status and why, the maintenances (history), and its preventive plans. */
export function MaintenanceTab({ asset }: { asset: TAsset }) {
  const { t, i18n } = useTranslation();
  const history = useMaintenances(asset.id);
  const plans = usePlans(asset.id);
  const [starting, start] = useDisclosure(false);
  const [planning, plan] = useDisclosure(false);
  const [completing, setCompleting] = useState<TMaintenance | null>(null);

  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={600}>{t('assets.fields.status')}</Text>
              <StatusBadge status={asset.maintenance_status} size="lg" />
            </Group>
            <StatusReason reason={asset.status_reason} />
            <Text size="sm" c="dimmed">
              {t('assets.fields.lastMaintenance')}: {formatDateTime(asset.last_maintenance_at, i18n.language)}
            </Text>
          </Stack>
          {asset.can_manage && (
            <Button size="md" leftSection={<IconPlayerPlay size={18} />} onClick={start.open} data-testid="start-maintenance">
              {t('assets.maintenance.start')}
            </Button>
          )}
        </Group>
      </Card>

      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('assets.maintenance.history')}
        </Title>
        {history.isPending || history.isError || history.data.results.length === 0 ? (
          <NoRows query={history} empty={t('assets.maintenance.none')} />
        ) : (
          history.data.results.map((maintenance) => (
            <Card key={maintenance.id} withBorder padding="sm" data-testid="maintenance-row" data-state={maintenance.status}>
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Anchor component={Link} to={maintenancePath(maintenance)} fw={600} style={{ minWidth: 0 }}>
                    {maintenance.title || t(`assets.maintenance.kind.${maintenance.kind}`)}
                  </Anchor>
                  <MaintenanceStateBadge status={maintenance.status} data-testid="maintenance-state" />
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`assets.maintenance.kind.${maintenance.kind}`)} · {t(`assets.maintenance.source.${maintenance.source}`)} · {formatDateTime(maintenance.started_at, i18n.language)}
                  {maintenance.cost !== null ? ` · ${t('assets.maintenance.costValue', { cost: formatMoney(maintenance.cost, i18n.language) })}` : ''}
                </Text>
                {maintenance.description && (
                  <Text size="sm" lineClamp={3}>
                    {maintenance.description}
                  </Text>
                )}
                {maintenance.inspection && (
                  <Anchor component={Link} to={`/checklists/executions/${encodeURIComponent(maintenance.inspection.execution_id)}`} size="sm" data-testid="maintenance-inspection">
                    {t('assets.inspections.source')}
                  </Anchor>
                )}
                {asset.can_manage && maintenance.status === 'InProcess' && maintenance.workflow_type === null && (
                  <Button
                    variant="light"
                    size="md"
                    leftSection={<IconCheck size={18} />}
                    onClick={() => setCompleting(maintenance)}
                    data-testid="complete-maintenance"
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t('assets.maintenance.complete')}
                  </Button>
                )}
              </Stack>
            </Card>
          ))
        )}
      </Stack>

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('assets.plans.title')}
          </Title>
          <Group gap="xs">
            <Button component={Link} to={`/assets/${encodeURIComponent(asset.id)}/calendar`} variant="default" leftSection={<IconCalendar size={16} />} data-testid="asset-calendar-link">
              {t('assets.tabs.calendar')}
            </Button>
            {asset.can_manage && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={plan.open} data-testid="new-plan">
                {t('assets.plans.new')}
              </Button>
            )}
          </Group>
        </Group>
        {plans.isPending || plans.isError || plans.data.results.length === 0 ? (
          <NoRows query={plans} empty={t('assets.plans.none')} />
        ) : (
          plans.data.results.map((row) => {
            const rule = readRule(row.rrule);
            return (
              <Card key={row.id} withBorder padding="sm" data-testid="plan-row">
                <Text fw={600}>{row.title}</Text>
                <Text size="sm" c="dimmed">
                  {rule ? t(`assets.plans.every.${rule.frequency}`, { count: rule.interval }) : row.rrule} · {t('assets.plans.from', { start: formatDateTime(row.start, i18n.language) })}
                  {row.responsible ? ` · ${row.responsible.name}` : ''}
                </Text>
              </Card>
            );
          })
        )}
      </Stack>

      <MetersSection asset={asset} />

      <AssetInspections assetId={asset.id} />

      {starting && <StartMaintenanceModal asset={asset} onClose={start.close} />}
      {planning && <PlanModal asset={asset} onClose={plan.close} />}
      {completing && <CompleteModal assetId={asset.id} maintenance={completing} onClose={() => setCompleting(null)} />}
    </Stack>
  );
}

function StartMaintenanceModal({ asset, onClose }: { asset: TAsset; onClose: () => void }) {
  const { t } = useTranslation();
  const type = useAssetType(asset.type.id);
  const startMaintenance = useStartMaintenance(asset.id);
  const [kind, setKind] = useState<TMaintenanceKind>('corrective');
  const [workflowType, setWorkflowType] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const workflows = type.data?.maintenance_workflow_types ?? [];
  const submit = () =>
    startMaintenance.mutate({ kind, workflow_type: workflowType, title: title.trim(), description }, { onSuccess: onClose, onError: () => toast.error(t('assets.maintenance.startFailed')) });
  return (
    <Modal opened onClose={onClose} title={t('assets.maintenance.start')} size="md">
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          value={kind}
          onChange={(value) => setKind(value as TMaintenanceKind)}
          data={[
            { value: 'corrective', label: t('assets.maintenance.kind.corrective') },
            { value: 'preventive', label: t('assets.maintenance.kind.preventive') },
          ]}
          data-testid="maintenance-kind"
        />
        <Select
          label={t('assets.maintenance.workflowType')}
          description={t('assets.maintenance.workflowTypeHint')}
          placeholder={t('assets.maintenance.record')}
          data={workflows.map((workflow) => ({ value: workflow.id, label: workflow.name }))}
          value={workflowType}
          onChange={setWorkflowType}
          clearable
          disabled={workflows.length === 0}
        />
        <TextInput label={t('assets.maintenance.title')} value={title} onChange={(event) => setTitle(event.currentTarget.value)} maxLength={200} data-testid="maintenance-title" />
        <Textarea label={t('assets.maintenance.description')} value={description} onChange={(event) => setDescription(event.currentTarget.value)} autosize minRows={3} />
        <ModalActions onCancel={onClose} onSubmit={submit} label={t('assets.maintenance.startSubmit')} loading={startMaintenance.isPending} data-testid="start-maintenance-submit" />
      </Stack>
    </Modal>
  );
}

export function CompleteModal({ assetId, maintenance, onClose }: { assetId: string; maintenance: TMaintenance; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const complete = useCompleteMaintenance(assetId);
  const [outcome, setOutcome] = useState<'done' | 'cancelled'>('done');
  const [cost, setCost] = useState<number | string>('');
  const [notes, setNotes] = useState('');
  // the meters' readings taken while doing it (optional, one per meter)
  const meters = useMeters(assetId);
  const [readings, setReadings] = useState<Record<string, number | string>>({});
  const given = Object.entries(readings).flatMap(([meter, value]) => (typeof value === 'number' ? [{ meter, value }] : []));
  const submit = () =>
    complete.mutate(
      { id: maintenance.id, body: { outcome, cost: typeof cost === 'number' ? cost : null, notes, readings: given } },
      {
        onSuccess: onClose,
        onError: (error) => {
          const code = errorCode(error);
          toast.error(
            code === 'already-completed' ? t('assets.maintenance.alreadyCompleted') : code === 'reading-decreased' ? t('assets.meters.decreasedAtCompletion') : t('assets.maintenance.completeFailed'),
          );
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={t('assets.maintenance.complete')} size="md">
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          value={outcome}
          onChange={(value) => setOutcome(value as 'done' | 'cancelled')}
          data={[
            { value: 'done', label: t('assets.maintenance.outcome.done') },
            { value: 'cancelled', label: t('assets.maintenance.outcome.cancelled') },
          ]}
        />
        <NumberInput label={t('assets.maintenance.cost')} value={cost} onChange={setCost} min={0} decimalScale={2} thousandSeparator="." decimalSeparator="," data-testid="maintenance-cost" />
        <Textarea label={t('assets.maintenance.notes')} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} autosize minRows={3} />
        {(meters.data?.results ?? []).map((meter) => (
          <NumberInput
            key={meter.id}
            label={t('assets.meters.readingOf', { name: meter.name, unit: meter.unit || t('assets.meters.units') })}
            description={meter.last_value !== null ? t('assets.meters.lastShort', { value: meter.last_value.toLocaleString(i18n.language) }) : undefined}
            value={readings[meter.id] ?? ''}
            onChange={(value) => setReadings((current) => ({ ...current, [meter.id]: value }))}
            min={meter.last_value ?? 0}
            decimalScale={3}
            thousandSeparator="."
            decimalSeparator=","
            data-testid="completion-reading"
          />
        ))}
        <ModalActions onCancel={onClose} onSubmit={submit} label={t('assets.maintenance.completeSubmit')} loading={complete.isPending} data-testid="complete-maintenance-submit" />
      </Stack>
    </Modal>
  );
}

function localWall(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function PlanModal({ asset, onClose }: { asset: TAsset; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePlan(asset.id);
  const type = useAssetType(asset.type.id);
  const [title, setTitle] = useState('');
  const [frequency, setFrequency] = useState<PlanFrequency>('MONTHLY');
  const [interval, setInterval] = useState<number | string>(1);
  const [start, setStart] = useState(() => localWall(new Date()));
  const [responsible, setResponsible] = useState<string | null>(asset.responsible?.passport ?? null);
  const [workflowType, setWorkflowType] = useState<string | null>(null);
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const errors = fieldErrors(create.error);
  const submit = () => {
    if (!title.trim() || !responsible) return;
    create.mutate(
      { title: title.trim(), rrule: planRule(frequency, typeof interval === 'number' ? interval : 1), start, timezone, responsible, workflow_type: workflowType },
      { onSuccess: onClose, onError: (error) => errorCode(error) === 'recurrence-impossible' && toast.error(t('assets.plans.impossible')) },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('assets.plans.new')} size="md">
      <Stack gap="md">
        <TextInput label={t('assets.plans.planTitle')} required value={title} onChange={(event) => setTitle(event.currentTarget.value)} error={errors.title} data-testid="plan-title" />
        <Group grow align="flex-start">
          <NumberInput label={t('assets.plans.interval')} min={1} max={99} value={interval} onChange={setInterval} allowDecimal={false} />
          <Select
            label={t('assets.plans.frequency')}
            data={PLAN_FREQUENCIES.map((value) => ({ value, label: t(`assets.plans.unit.${value}`) }))}
            value={frequency}
            onChange={(value) => value && setFrequency(value as PlanFrequency)}
            allowDeselect={false}
            data-testid="plan-frequency"
          />
        </Group>
        <TextInput
          type="datetime-local"
          label={t('assets.plans.start')}
          description={timezone}
          required
          value={start}
          onChange={(event) => setStart(event.currentTarget.value)}
          error={errors.start}
          data-testid="plan-start"
        />
        <RemoteSelect
          source={PEOPLE_SOURCE}
          label={t('assets.fields.responsible')}
          value={responsible}
          onChange={setResponsible}
          known={asset.responsible ? [{ value: asset.responsible.passport, label: asset.responsible.name }] : []}
          error={errors.responsible}
          data-testid="plan-responsible"
        />
        <Select
          label={t('assets.maintenance.workflowType')}
          placeholder={t('assets.maintenance.record')}
          data={(type.data?.maintenance_workflow_types ?? []).map((workflow) => ({ value: workflow.id, label: workflow.name }))}
          value={workflowType}
          onChange={setWorkflowType}
          clearable
        />
        {create.isError && !Object.keys(errors).length && errorCode(create.error) !== 'recurrence-impossible' && <Alert color="red">{t('assets.plans.saveFailed')}</Alert>}
        <ModalActions onCancel={onClose} onSubmit={submit} label={t('assets.common.save')} loading={create.isPending} disabled={!title.trim() || !responsible} data-testid="plan-submit" />
      </Stack>
    </Modal>
  );
}

/** A section's list while it loads, when it fails, or when it has no rows. */
function NoRows({ query, empty }: { query: { isPending: boolean; isError: boolean }; empty: string }) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader size="sm" />;
  if (query.isError) return <Alert color="red">{t('assets.common.loadError')}</Alert>;
  return <Text c="dimmed">{empty}</Text>;
}

/** A modal's last row: cancel, and the submit button. */
function ModalActions({
  onCancel,
  onSubmit,
  label,
  loading,
  disabled,
  ...rest
}: {
  onCancel: () => void;
  onSubmit: () => void;
  label: string;
  loading: boolean;
  disabled?: boolean;
  'data-testid': string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('assets.common.cancel')}
      </Button>
      <Button onClick={onSubmit} loading={loading} disabled={disabled} data-testid={rest['data-testid']}>
        {label}
      </Button>
    </Group>
  );
}
