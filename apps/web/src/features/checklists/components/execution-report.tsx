import { Alert, Anchor, Badge, Button, Group, Image, Modal, Paper, RingProgress, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFlag, IconMail, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TCorrectiveAction, TExecution, TFailedItem } from '@faena/contracts';
import type { InputField } from '@faena/domain/forms/schema';
import { isInputField } from '@faena/domain/forms/values';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { FieldAnswer, useAnswerLookups } from '../../../shared/forms/answer-display.tsx';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { fileNameOf, saveBlob } from '../../../shared/lib/download.ts';
import { fetchFileBlob, useFileUrl } from '../../../shared/uploads/index.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { reportPdfUrl, useCreateAction } from '../api/checklists-api.ts';
import { PersonPicker, type PersonChoice } from './person-picker.tsx';
import { ReportMailForm } from './report-mail-form.tsx';
import { runnerSections } from '../lib/execution.ts';
import { fieldDownloadLink } from '../lib/files.ts';

export function ResultBadge({ result, size = 'md' }: { result: TExecution['result']; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation();
  if (!result) return null;
  return (
    <Badge color={result === 'aprobado' ? 'teal' : 'red'} size={size} variant="filled" data-testid="result-badge">
      {t(`checklists.result.${result}`)}
    </Badge>
  );
}

export function formatScore(score: number | null): string {
  return score === null ? '—' : `${score.toLocaleString('es-CL', { maximumFractionDigits: 1 })}%`;
}

function Photo({ id, alt }: { id: string; alt: string }) {
  const { url } = useFileUrl(fieldDownloadLink(id));
  if (!url) return <div style={{ width: 96, height: 96, background: 'var(--mantine-color-gray-1)', borderRadius: 8 }} />;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer">
      <Image src={url} alt={alt} w={96} h={96} fit="cover" radius="sm" />
    </Anchor>
  );
}

function Signature({ id, label }: { id: string; label: string }) {
  const { url } = useFileUrl(fieldDownloadLink(id));
  return (
    <Paper withBorder radius="md" p="xs" data-testid="signature-view">
      <Text size="xs" c="dimmed" mb={4}>
        {label}
      </Text>
      {url ? <Image src={url} alt={label} h={90} fit="contain" /> : <div style={{ height: 90 }} />}
    </Paper>
  );
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Tomorrow at the same hour, as a wall time for a datetime-local input. */
function defaultDue(): string {
  const date = new Date(Date.now() + 24 * 3600 * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:00`;
}

function ActionForm({ execution, field, onClose }: { execution: TExecution; field: InputField; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateAction(execution.id);
  const [title, setTitle] = useState(t('checklists.action.defaultTitle', { label: field.label || field.name }));
  const [responsible, setResponsible] = useState<PersonChoice[]>([]);
  const [due, setDue] = useState(defaultDue);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = () => {
    const next: Record<string, string> = {};
    if (!title.trim()) next.title = t('checklists.action.required');
    if (responsible.length === 0) next.responsible = t('checklists.action.required');
    if (!due) next.due = t('checklists.action.required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    create.mutate(
      {
        field_id: String(field.id),
        title: title.trim(),
        responsible: responsible[0]!.passport,
        due,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        description: description.trim() || null,
      },
      {
        onSuccess: () => {
          toast.show(t('checklists.action.created'));
          onClose();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.texts.join(' ')])));
          else toast.error(isHttpError(error) && error.detail ? error.detail : t('checklists.action.failed'));
        },
      },
    );
  };
  return (
    <Stack gap="sm" data-testid="action-form">
      <TextInput label={t('checklists.action.title')} value={title} onChange={(event) => setTitle(event.currentTarget.value)} error={errors.title} required size="md" data-testid="action-title" />
      <PersonPicker label={t('checklists.action.responsible')} value={responsible} onChange={setResponsible} maxValues={1} error={errors.responsible} testId="action-responsible" />
      <TextInput
        type="datetime-local"
        label={t('checklists.action.due')}
        value={due}
        onChange={(event) => setDue(event.currentTarget.value)}
        error={errors.due}
        required
        size="md"
        data-testid="action-due"
      />
      <Textarea label={t('checklists.action.description')} value={description} onChange={(event) => setDescription(event.currentTarget.value)} autosize minRows={2} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={save} loading={create.isPending} data-testid="action-save">
          {t('checklists.action.create')}
        </Button>
      </Group>
    </Stack>
  );
}

function ActionRow({ action }: { action: TCorrectiveAction }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="action-row">
      <div style={{ minWidth: 0 }}>
        <Anchor component={Link} to={`/activities/${encodeURIComponent(action.public_id)}/${encodeURIComponent(action.recurrenceId)}`} fw={600} size="sm">
          {action.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {action.responsible?.name ?? '—'} · {t('checklists.action.dueOn', { date: formatDateTime(action.due) })}
        </Text>
      </div>
      <Badge variant="light" color={action.status === 'COMPLETED' ? 'teal' : action.status === 'EXPIRED' ? 'red' : 'gray'} data-testid="action-status">
        {t(`checklists.actionStatus.${action.status}`, { defaultValue: action.status })}
      </Badge>
    </Group>
  );
}

/** A corrective maintenance of the inspected asset that a failed item opened on submit (decision 028). */
function MaintenanceRow({ maintenance }: { maintenance: NonNullable<TExecution['asset_maintenances']>[number] }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="asset-maintenance-row">
      <div style={{ minWidth: 0 }}>
        <Anchor component={Link} to={`/assets/${encodeURIComponent(maintenance.asset.id)}/detail?tab=maintenance`} fw={600} size="sm">
          {maintenance.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {t('checklists.report.assetMaintenance', { asset: `${maintenance.asset.code} · ${maintenance.asset.name}` })}
        </Text>
      </div>
      <Badge variant="light" color={maintenance.status === 'Success' ? 'teal' : maintenance.status === 'Error' ? 'gray' : 'orange'} style={{ flexShrink: 0 }} data-testid="asset-maintenance-status">
        {t(`checklists.report.maintenanceStatus.${maintenance.status}`, { defaultValue: maintenance.status })}
      </Badge>
    </Group>
  );
}

/**
 * One execution as answered (the result after a submit, and the detail pages): score and result,
 * per-section scores, failed and critical items highlighted with their corrective actions, the
 * answers with the forms' answer display, notes, photos, signatures and the PDF report.
 */
export function ExecutionReport({ execution, compact = false }: { execution: TExecution; compact?: boolean }) {
  const { t } = useTranslation();
  const definition = execution.definition;
  const sections = useMemo(() => runnerSections(definition), [definition]);
  const lookups = useAnswerLookups(definition.fields, [execution.answers]);
  const failed = useMemo(() => new Map(execution.failed_items.map((item) => [item.field_id, item])), [execution.failed_items]);
  const actionsByField = useMemo(() => {
    const map = new Map<string, TCorrectiveAction[]>();
    for (const action of execution.actions) map.set(action.field_id, [...(map.get(action.field_id) ?? []), action]);
    return map;
  }, [execution.actions]);
  const [acting, setActing] = useState<InputField | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [mailing, setMailing] = useState(false);
  const fieldOf = (key: string) => definition.fields.find((field): field is InputField => isInputField(field) && String(field.id) === key);

  const downloadPdf = async () => {
    setDownloading(true);
    try {
      saveBlob(`${fileNameOf(execution.checklist.name, 'checklist')}.pdf`, await fetchFileBlob(reportPdfUrl(execution.id)));
    } catch {
      toast.error(t('checklists.report.pdfFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const reasonText = (item: TFailedItem) => t(`checklists.reason.${item.reason}`);
  const submitted = execution.status === 'submitted';

  return (
    <Stack gap="md" data-testid="execution-report">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap">
            <RingProgress
              size={compact ? 96 : 110}
              thickness={10}
              roundCaps
              sections={[{ value: execution.score ?? 0, color: execution.result === 'reprobado' ? 'red' : 'teal' }]}
              label={
                <Text ta="center" fw={700} size="lg" data-testid="execution-score">
                  {formatScore(execution.score)}
                </Text>
              }
            />
            <Stack gap={4}>
              <Text fw={700}>{execution.checklist.name}</Text>
              {execution.result ? <ResultBadge result={execution.result} size="lg" /> : <Badge variant="light">{t(`checklists.status.${execution.status}`)}</Badge>}
              {execution.critical_failed && (
                <Text size="sm" c="red.8" fw={600}>
                  <IconAlertTriangle size={14} style={{ verticalAlign: -2 }} /> {t('checklists.report.criticalFailed')}
                </Text>
              )}
            </Stack>
          </Group>
          {submitted && (
            <Group gap="xs">
              <Button variant="light" leftSection={<IconDownload size={18} />} onClick={() => void downloadPdf()} loading={downloading} data-testid="download-pdf">
                {t('checklists.report.pdf')}
              </Button>
              <Button variant="light" leftSection={<IconMail size={18} />} onClick={() => setMailing(true)} data-testid="mail-report">
                {t('checklists.report.mail')}
              </Button>
            </Group>
          )}
        </Group>
        <Text size="xs" c="dimmed" mt="sm">
          {[
            t('checklists.report.version', { version: execution.version }),
            execution.venue?.name,
            execution.asset ? `${execution.asset.code} · ${execution.asset.name}` : null,
            execution.executed_by?.name,
            execution.submitted_at
              ? t('checklists.report.submittedAt', { date: formatDateTime(execution.submitted_at) })
              : t('checklists.report.startedAt', { date: formatDateTime(execution.started_at) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Paper>

      {execution.section_scores.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="section-scores">
          {execution.section_scores.map((entry) => (
            <Paper key={entry.section_id} withBorder radius="md" p="xs">
              <Text size="xs" c="dimmed" truncate="end">
                {entry.title}
              </Text>
              <Text fw={700}>{formatScore(entry.score)}</Text>
              {entry.failed_count > 0 && (
                <Text size="xs" c="red.8">
                  {t('checklists.report.failedCount', { count: entry.failed_count })}
                </Text>
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}

      {execution.failed_items.length > 0 && (
        <Paper withBorder radius="md" p="md" style={{ borderColor: 'var(--mantine-color-red-4)' }} data-testid="failed-items">
          <Title order={3} fz={18} mb="xs">
            {t('checklists.report.failedTitle', { count: execution.failed_items.length })}
          </Title>
          <Stack gap="sm">
            {execution.failed_items.map((item) => {
              const field = fieldOf(item.field_id);
              const actions = actionsByField.get(item.field_id) ?? [];
              return (
                <Stack key={item.field_id} gap={6} data-testid={`failed-${field?.name ?? item.field_id}`}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <div>
                      <Text fw={600} size="sm">
                        {item.critical && (
                          <Badge color="red" size="xs" mr={6}>
                            {t('checklists.report.critical')}
                          </Badge>
                        )}
                        {field ? field.label || field.name : item.field_id}
                      </Text>
                      <Text size="xs" c="red.8">
                        {reasonText(item)}
                      </Text>
                    </div>
                    {execution.can_act && field && (
                      <Button size="sm" variant="light" color="red" leftSection={<IconPlus size={16} />} onClick={() => setActing(field)} data-testid={`create-action-${field.name}`}>
                        {t('checklists.action.open')}
                      </Button>
                    )}
                  </Group>
                  {actions.map((action) => (
                    <ActionRow key={action.id} action={action} />
                  ))}
                  {(execution.asset_maintenances ?? [])
                    .filter((maintenance) => maintenance.field_id === item.field_id)
                    .map((maintenance) => (
                      <MaintenanceRow key={maintenance.id} maintenance={maintenance} />
                    ))}
                </Stack>
              );
            })}
          </Stack>
        </Paper>
      )}

      {!compact &&
        sections.map((section) => (
          <Paper key={section.id} withBorder radius="md" p="md">
            <Title order={3} fz={18} mb="xs">
              {section.title}
            </Title>
            <dl style={{ margin: 0 }}>
              {section.fields.filter(isInputField).map((field) => {
                const key = String(field.id);
                const failure = failed.get(key);
                const note = execution.notes[key];
                const photos = execution.photos[key] ?? [];
                return (
                  <div
                    key={key}
                    style={{
                      padding: '8px 6px',
                      borderBottom: '1px solid var(--mantine-color-gray-2)',
                      background: failure ? 'var(--mantine-color-red-0)' : undefined,
                      borderLeft: failure ? '3px solid var(--mantine-color-red-6)' : undefined,
                    }}
                    data-testid={`answer-${field.name}`}
                    data-failed={failure ? (failure.critical ? 'critical' : 'yes') : undefined}
                  >
                    <Text component="dt" size="xs" c="dimmed" fw={600} mb={2}>
                      {failure && <IconFlag size={12} color="var(--mantine-color-red-7)" style={{ marginRight: 4 }} aria-label={t('checklists.report.failedItem')} />}
                      {field.label || field.name}
                    </Text>
                    <dd style={{ margin: 0 }}>
                      <FieldAnswer field={field} response={execution.answers} lookups={lookups} />
                      {note && (
                        <Text size="sm" mt={4} fs="italic">
                          {t('checklists.report.note')}: {note}
                        </Text>
                      )}
                      {photos.length > 0 && (
                        <Group gap="xs" mt={6}>
                          {photos.map((photo) => (
                            <Photo key={photo.id} id={photo.id} alt={field.label || field.name} />
                          ))}
                        </Group>
                      )}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </Paper>
        ))}

      {(execution.signatures.executor || execution.signatures.second) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {execution.signatures.executor && <Signature id={execution.signatures.executor.id} label={t('checklists.report.executorSignature', { name: execution.executed_by?.name ?? '' })} />}
          {execution.signatures.second && <Signature id={execution.signatures.second.file.id} label={t('checklists.report.secondSignature', { name: execution.signatures.second.name })} />}
        </SimpleGrid>
      )}

      {execution.actions.length > 0 && !execution.failed_items.length && (
        <Alert color="gray" title={t('checklists.report.actions')}>
          <Stack gap="xs">
            {execution.actions.map((action) => (
              <ActionRow key={action.id} action={action} />
            ))}
          </Stack>
        </Alert>
      )}

      <Modal opened={mailing} onClose={() => setMailing(false)} title={t('checklists.mail.title')} size="md">
        {mailing && <ReportMailForm executionId={execution.id} onClose={() => setMailing(false)} />}
      </Modal>
      <Modal opened={acting !== null} onClose={() => setActing(null)} title={t('checklists.action.modalTitle')} size="md">
        {acting && <ActionForm execution={execution} field={acting} onClose={() => setActing(null)} />}
      </Modal>
    </Stack>
  );
}
