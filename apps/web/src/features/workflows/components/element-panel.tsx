import { Button, Checkbox, Group, Loader, NumberInput, Select, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSIGNEE_TYPES, TASK_NOTIFY_EVENTS, eventDefinitionKind, faenaElementType } from '@faena/domain/workflows/constants';
import { graphFromDefinitions } from '@faena/domain/workflows/graph';
import { assignableVariablesBefore, formsBefore } from '@faena/domain/workflows/validate-model';
import { apiClient } from '../../../shared/api/api-client.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import type { EntityKind } from '../../../shared/directory/directory-api.ts';
import { formDefinitionQuery, useFormOptions } from '../api/workflows-api.ts';
import { DURATION_UNITS, fromIsoCycle, fromIsoDuration, toIsoCycle, toIsoDuration, type DurationUnit } from '../lib/duration.ts';
import { TIMER_KINDS, formFieldTypesOf, readTimer, readUserTask, userTaskAttributes, variableChoices, type TimerKind, type UserTaskPanel } from '../lib/panel-model.ts';
import type { DiagramElement, ModdleElement, Services } from './bpmn-types.ts';

/** The directory list each kind of assignee is picked from (person ids, position ids, one audience). */
const ASSIGNEE_PICKERS: Partial<Record<UserTaskPanel['assigneeType'], EntityKind>> = { people: 'persons', positions: 'positions', audience: 'audiences' };

interface PanelProps {
  element: DiagramElement;
  services: Services;
  readOnly: boolean;
  /** Where "create a form" returns to. */
  versionId: string;
}

/** The Faena element type of a diagram element (for its heading). */
export function elementKind(element: DiagramElement) {
  const bo = element.businessObject;
  const definition = bo.eventDefinitions?.[0]?.$type;
  return faenaElementType(element.type, eventDefinitionKind(definition));
}

/** The side panel of the selected element: writes through the bpmn-js modeling API. */
export function ElementPanel({ element, services, readOnly, versionId }: PanelProps) {
  const { t } = useTranslation();
  const kind = elementKind(element);
  const bo = element.businessObject;
  const [name, setName] = useState(bo.name ?? '');

  const commitName = () => {
    if ((bo.name ?? '') !== name) services.modeling.updateProperties(element, { name: name || undefined });
  };

  return (
    <Stack gap="sm" data-testid="element-panel">
      <Title order={3} fz="md">
        {kind ? t(`workflows.modeler.elements.${kind}`) : element.type === 'bpmn:SequenceFlow' ? t('workflows.panel.flow') : element.type}
      </Title>
      <TextInput label={t('workflows.panel.name')} value={name} disabled={readOnly} onChange={(event) => setName(event.currentTarget.value)} onBlur={commitName} />
      {kind === 'UserTask' && <UserTaskFields element={element} services={services} readOnly={readOnly} versionId={versionId} />}
      {kind === 'ExclusiveGateway' && <GatewayFields element={element} services={services} readOnly={readOnly} />}
      {(kind === 'TimerIntermediateCatchEvent' || kind === 'TimerBoundaryEvent') && <TimerFields element={element} services={services} readOnly={readOnly} />}
      {(kind === 'MessageStartEvent' || kind === 'MessageIntermediateCatchEvent' || kind === 'MessageIntermediateThrowEvent') && (
        <MessageFields element={element} services={services} readOnly={readOnly} />
      )}
    </Stack>
  );
}

function UserTaskFields({ element, services, readOnly, versionId }: PanelProps) {
  const { t } = useTranslation();
  const forms = useFormOptions();
  const [panel, setPanel] = useState<UserTaskPanel>(() => readUserTask(element.businessObject));
  const due = fromIsoDuration(panel.dueIn);
  const [dueAmount, setDueAmount] = useState<number | ''>(due?.amount ?? '');
  const [dueUnit, setDueUnit] = useState<DurationUnit>(due?.unit ?? 'hours');

  const write = (next: UserTaskPanel) => {
    setPanel(next);
    services.modeling.updateProperties(element, userTaskAttributes(next));
  };
  const writeDue = (amount: number | '', unit: DurationUnit) => {
    setDueAmount(amount);
    setDueUnit(unit);
    write({ ...panel, dueIn: amount === '' ? '' : toIsoDuration(amount, unit) });
  };

  return (
    <>
      <Select
        label={t('workflows.panel.form')}
        placeholder={t('workflows.panel.noForm')}
        data={(forms.data?.results ?? []).map((form) => ({ value: form.id, label: form.name }))}
        value={panel.formId || null}
        disabled={readOnly}
        searchable
        clearable
        onChange={(value) => write({ ...panel, formId: value ?? '' })}
      />
      {!readOnly && (
        <Button component={Link} to={`/workflows/${versionId}/form-builder${panel.formId ? `/${panel.formId}` : ''}`} variant="subtle" size="compact-sm" w="fit-content">
          {panel.formId ? t('workflows.panel.editForm') : t('workflows.panel.createForm')}
        </Button>
      )}
      <Select
        label={t('workflows.panel.assigneeType')}
        data={ASSIGNEE_TYPES.map((type) => ({ value: type, label: t(`workflows.panel.assignee.${type}`) }))}
        value={panel.assigneeType}
        allowDeselect={false}
        disabled={readOnly}
        onChange={(value) => write({ ...panel, assigneeType: (value as UserTaskPanel['assigneeType'] | null) ?? 'starter', assignees: [] })}
      />
      {panel.assigneeType === 'variable' ? (
        <VariableAssignee element={element} saved={panel.assignees[0] ?? ''} readOnly={readOnly} onChange={(name) => write({ ...panel, assignees: name ? [name] : [] })} />
      ) : (
        ASSIGNEE_PICKERS[panel.assigneeType] && (
          <EntityPicker
            key={`${element.id}-${panel.assigneeType}`}
            kind={ASSIGNEE_PICKERS[panel.assigneeType]!}
            label={t(`workflows.panel.assigneesOf.${panel.assigneeType}`)}
            value={panel.assignees}
            maxValues={panel.assigneeType === 'audience' ? 1 : undefined}
            disabled={readOnly}
            onChange={(ids) => write({ ...panel, assignees: ids })}
            data-testid="assignee-picker"
          />
        )
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NumberInput label={t('workflows.panel.dueIn')} min={0} value={dueAmount} disabled={readOnly} onChange={(value) => writeDue(typeof value === 'number' ? value : '', dueUnit)} w={120} />
        <Select
          aria-label={t('workflows.panel.dueUnit')}
          data={DURATION_UNITS.map((unit) => ({ value: unit, label: t(`workflows.panel.units.${unit}`) }))}
          value={dueUnit}
          allowDeselect={false}
          disabled={readOnly}
          onChange={(value) => writeDue(dueAmount, (value as DurationUnit | null) ?? 'hours')}
        />
      </Group>
      <Checkbox.Group label={t('workflows.panel.notify')} value={panel.notify} onChange={(notify) => write({ ...panel, notify })}>
        <Stack gap={4} mt={4}>
          {TASK_NOTIFY_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={t(`workflows.panel.notifyOn.${event}`)} disabled={readOnly} />
          ))}
        </Stack>
      </Checkbox.Group>
    </>
  );
}

/**
 * The process variable a user task goes to: a variable of type venue, venues, user or users that a
 * form before the task fills (spec shell §3), read from the forms of the start events and user
 * tasks on a path to it. A saved name no earlier form fills any more stays, marked invalid.
 */
function VariableAssignee({ element, saved, readOnly, onChange }: { element: DiagramElement; saved: string; readOnly: boolean; onChange: (name: string) => void }) {
  const { t } = useTranslation();
  const definitions = findDefinitions(element.businessObject);
  const graph = graphFromDefinitions(definitions);
  const before = formsBefore(graph, element.id);
  const forms = useQueries({ queries: before.map((id) => ({ ...formDefinitionQuery(id), retry: false })) });
  // a form that cannot be read (deleted since) fills nothing; one still loading leaves the list unknown
  const loaded = forms.every((query) => query.isSuccess || query.isError);
  const available = loaded ? assignableVariablesBefore(graph, element.id, formFieldTypesOf(before.map((id, index) => ({ id, description: forms[index]?.data?.description ?? [] })))) : null;
  const { choices, savedMissing } = variableChoices(available, saved);
  const typeLabel = (type: string) => t(`workflows.panel.variableTypes.${type}`);
  return (
    <Select
      label={t('workflows.panel.assigneesOf.variable')}
      description={choices.length === 0 && loaded ? t('workflows.panel.noVariables') : t('workflows.panel.variableHelp')}
      placeholder={t('workflows.panel.variablePlaceholder')}
      data={choices.map((choice) => ({ value: choice.value, label: choice.type ? t('workflows.panel.variableOption', { name: choice.value, type: typeLabel(choice.type) }) : choice.value }))}
      value={saved || null}
      error={savedMissing ? t('workflows.panel.variableMissing', { name: saved }) : undefined}
      disabled={readOnly}
      rightSection={loaded ? undefined : <Loader size="xs" />}
      clearable
      onChange={(value) => onChange(value ?? '')}
      data-testid="assignee-variable"
    />
  );
}

function GatewayFields({ element, services, readOnly }: Omit<PanelProps, 'versionId'>) {
  const { t } = useTranslation();
  const bo = element.businessObject;
  const flows = (element.outgoing ?? []).filter((flow) => flow.type === 'bpmn:SequenceFlow');
  if (flows.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('workflows.panel.noOutgoing')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Select
        label={t('workflows.panel.defaultFlow')}
        data={flows.map((flow) => ({ value: flow.id, label: flowLabel(flow) }))}
        value={bo.default?.id ?? null}
        disabled={readOnly}
        clearable
        onChange={(id) => {
          const flow = flows.find((candidate) => candidate.id === id);
          services.modeling.updateProperties(element, { default: flow ? flow.businessObject : undefined });
        }}
      />
      {flows
        .filter((flow) => flow.id !== bo.default?.id)
        .map((flow) => (
          <ConditionField key={flow.id} flow={flow} services={services} readOnly={readOnly} />
        ))}
    </Stack>
  );
}

function flowLabel(flow: DiagramElement): string {
  const target = flow.businessObject.targetRef;
  return flow.businessObject.name || target?.name || target?.id || flow.id;
}

function ConditionField({ flow, services, readOnly }: { flow: DiagramElement; services: Services; readOnly: boolean }) {
  const { t } = useTranslation();
  const current = flow.businessObject.conditionExpression?.body ?? '';
  const [text, setText] = useState(current);
  const [check, setCheck] = useState<'ok' | 'bad' | null>(null);
  const commit = async () => {
    if (text === current) return;
    const expression = text.trim() ? services.moddle.create('bpmn:FormalExpression', { body: text.trim() }) : undefined;
    services.modeling.updateProperties(flow, { conditionExpression: expression });
    if (!text.trim()) return setCheck(null);
    try {
      await apiClient.post('/api/logic-parser/v3/evaluate', { json: { expression: text.trim(), values: {} } });
      setCheck('ok');
    } catch (error) {
      setCheck(isHttpError(error) && error.code === 'invalid-expression' ? 'bad' : null);
    }
  };
  return (
    <Textarea
      label={t('workflows.panel.condition', { target: flowLabel(flow) })}
      description={t('workflows.panel.conditionHelp')}
      autosize
      minRows={1}
      value={text}
      disabled={readOnly}
      error={check === 'bad' ? t('workflows.panel.conditionInvalid') : undefined}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => void commit()}
    />
  );
}

function TimerFields({ element, services, readOnly }: Omit<PanelProps, 'versionId'>) {
  const { t } = useTranslation();
  const bo = element.businessObject;
  const definition = bo.eventDefinitions?.[0];
  const initial = definition ? readTimer(definition) : { kind: 'timeDuration' as TimerKind, value: '' };
  const [kind, setKind] = useState<TimerKind>(initial.kind);
  const [value, setValue] = useState(initial.value);
  const [interrupting, setInterrupting] = useState(bo.get('cancelActivity') !== false);
  if (!definition) return null;
  const write = (nextKind: TimerKind, nextValue: string) => {
    setValue(nextValue);
    const props: Record<string, unknown> = { timeDate: undefined, timeDuration: undefined, timeCycle: undefined };
    if (nextValue.trim()) props[nextKind] = services.moddle.create('bpmn:FormalExpression', { body: nextValue.trim() });
    services.modeling.updateModdleProperties(element, definition, props);
  };
  // a number and a unit where the value has that simple shape; anything else (a date, a cycle with a start) as text
  const duration = kind === 'timeDuration' ? fromIsoDuration(value) : null;
  const cycle = kind === 'timeCycle' ? fromIsoCycle(value) : null;
  const unitSelect = (unit: DurationUnit, onChange: (unit: DurationUnit) => void) => (
    <Select
      aria-label={t('workflows.panel.timerUnit')}
      data={DURATION_UNITS.map((item) => ({ value: item, label: t(`workflows.panel.units.${item}`) }))}
      value={unit}
      allowDeselect={false}
      disabled={readOnly}
      onChange={(next) => onChange((next as DurationUnit | null) ?? unit)}
      w={130}
    />
  );
  return (
    <>
      {element.type === 'bpmn:BoundaryEvent' && (
        <Switch
          label={t('workflows.panel.interrupting')}
          description={t(interrupting ? 'workflows.panel.interruptingHelp' : 'workflows.panel.nonInterruptingHelp')}
          checked={interrupting}
          disabled={readOnly}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setInterrupting(next);
            services.modeling.updateProperties(element, { cancelActivity: next ? undefined : false });
          }}
          data-testid="timer-interrupting"
        />
      )}
      <Select
        label={t('workflows.panel.timerKind')}
        data={TIMER_KINDS.map((item) => ({ value: item, label: t(`workflows.panel.timer.${item}`) }))}
        value={kind}
        allowDeselect={false}
        disabled={readOnly}
        onChange={(next) => {
          const nextKind = (next as TimerKind | null) ?? 'timeDuration';
          setKind(nextKind);
          // a value of the old kind rarely reads as the new one: start from the editor's default
          write(nextKind, nextKind === 'timeDuration' ? 'PT1H' : nextKind === 'timeCycle' ? 'R3/PT1H' : '');
        }}
      />
      {duration ? (
        <Group gap="xs" align="flex-end" wrap="nowrap" data-testid="timer-duration">
          <NumberInput
            label={t('workflows.panel.timerValue.timeDuration')}
            min={1}
            value={duration.amount}
            disabled={readOnly}
            onChange={(amount) => typeof amount === 'number' && amount > 0 && write(kind, toIsoDuration(amount, duration.unit))}
            w={120}
          />
          {unitSelect(duration.unit, (unit) => write(kind, toIsoDuration(duration.amount, unit)))}
        </Group>
      ) : cycle ? (
        <Stack gap="xs" data-testid="timer-cycle">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NumberInput
              label={t('workflows.panel.cycleEvery')}
              min={1}
              value={cycle.amount}
              disabled={readOnly}
              onChange={(amount) => typeof amount === 'number' && amount > 0 && write(kind, toIsoCycle(cycle.repetitions, amount, cycle.unit))}
              w={120}
            />
            {unitSelect(cycle.unit, (unit) => write(kind, toIsoCycle(cycle.repetitions, cycle.amount, unit)))}
          </Group>
          <NumberInput
            label={t('workflows.panel.cycleTimes')}
            description={t('workflows.panel.cycleTimesHelp')}
            min={1}
            value={cycle.repetitions ?? ''}
            disabled={readOnly}
            onChange={(times) => write(kind, toIsoCycle(typeof times === 'number' && times > 0 ? times : null, cycle.amount, cycle.unit))}
          />
        </Stack>
      ) : (
        <TextInput
          label={t(`workflows.panel.timerValue.${kind}`)}
          description={t('workflows.panel.timerHelp')}
          value={value}
          disabled={readOnly}
          onChange={(event) => setValue(event.currentTarget.value)}
          onBlur={() => write(kind, value)}
        />
      )}
    </>
  );
}

function MessageFields({ element, services, readOnly }: Omit<PanelProps, 'versionId'>) {
  const { t } = useTranslation();
  const definition = element.businessObject.eventDefinitions?.[0];
  const [name, setName] = useState(definition?.messageRef?.name ?? '');
  const [key, setKey] = useState(typeof definition?.get('faena:correlationKey') === 'string' ? String(definition.get('faena:correlationKey')) : '');
  if (!definition) return null;
  const writeName = () => {
    if ((definition.messageRef?.name ?? '') === name) return;
    let message = definition.messageRef;
    if (!message) {
      message = services.moddle.create('bpmn:Message', { id: `Message_${element.id}`, name });
      const definitions = findDefinitions(element.businessObject);
      if (definitions?.rootElements) {
        definitions.rootElements.push(message);
        message.$parent = definitions;
      }
      services.modeling.updateModdleProperties(element, definition, { messageRef: message });
    } else {
      services.modeling.updateModdleProperties(element, message, { name });
    }
  };
  return (
    <>
      <TextInput label={t('workflows.panel.messageName')} value={name} disabled={readOnly} onChange={(event) => setName(event.currentTarget.value)} onBlur={writeName} />
      <TextInput
        label={t('workflows.panel.correlationKey')}
        description={t('workflows.panel.correlationHelp')}
        value={key}
        disabled={readOnly}
        onChange={(event) => setKey(event.currentTarget.value)}
        onBlur={() => services.modeling.updateModdleProperties(element, definition, { 'faena:correlationKey': key.trim() || undefined })}
      />
    </>
  );
}

function findDefinitions(bo: ModdleElement): ModdleElement | undefined {
  let node: ModdleElement | undefined = bo;
  while (node && node.$type !== 'bpmn:Definitions') node = node.$parent;
  return node;
}
