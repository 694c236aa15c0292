import { Alert, Badge, Button, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TWfModelProblem, TWorkflowTypeDetail, TWorkflowVersion } from '@faena/contracts';
import { FAENA_BPMN_DESCRIPTOR } from '@faena/domain/workflows/constants';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { confirm } from '../../../shared/ui/modal.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useUnsavedChanges } from '../../../shared/ui/use-unsaved-changes.ts';
import { publishVersion, saveVersion, useCreateVersion, validateVersion } from '../api/workflows-api.ts';
import { bpmnLabels, faenaModelerModule } from '../lib/bpmn-customization.ts';
import { findPlainTasks } from '../lib/plain-task.ts';
import { hasUnsavedChanges, initialSaveState, saveReducer, type SaveStatus } from '../lib/save-state.ts';
import type { DiagramElement, ModelerLike, Services } from './bpmn-types.ts';
import { ElementPanel } from './element-panel.tsx';
import classes from './workflows.module.css';

const AUTOSAVE_DELAY_MS = 1500;

/** bpmn-js and its styles, loaded only when the modeler opens. */
async function loadModeler(readOnly: boolean) {
  await Promise.all([import('bpmn-js/dist/assets/diagram-js.css'), import('bpmn-js/dist/assets/bpmn-js.css'), import('bpmn-js/dist/assets/bpmn-font/css/bpmn.css')]);
  if (readOnly) return (await import('bpmn-js/lib/NavigatedViewer')).default;
  return (await import('bpmn-js/lib/Modeler')).default;
}

const STATUS_COLOR: Record<SaveStatus, string> = { clean: 'gray', dirty: 'yellow', saving: 'blue', saved: 'green', error: 'red' };

/** The BPMN modeler of one version (decision 022): a published version opens read-only. */
export function ModelerPage({ type, version }: { type: TWorkflowTypeDetail; version: TWorkflowVersion }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const readOnly = version.is_active || version.published_at !== null;
  const container = useRef<HTMLDivElement>(null);
  const modelerRef = useRef<ModelerLike | null>(null);
  const [services, setServices] = useState<Services | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [, setTick] = useState(0);
  /** Bumped by undo and redo: the panel is drawn again from the model, not from what it last wrote. */
  const [panelRevision, setPanelRevision] = useState(0);
  const [state, dispatch] = useReducer(saveReducer, initialSaveState);
  const [plainTasks, setPlainTasks] = useState<string[]>([]);
  const [problems, setProblems] = useState<TWfModelProblem[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const createVersion = useCreateVersion();
  useUnsavedChanges(hasUnsavedChanges(state));

  useEffect(() => {
    let alive = true;
    let instance: ModelerLike | null = null;
    bpmnLabels.t = (key) => t(key);
    void (async () => {
      const Modeler = await loadModeler(readOnly);
      if (!alive || !container.current) return;
      instance = new Modeler({
        container: container.current,
        moddleExtensions: { faena: FAENA_BPMN_DESCRIPTOR },
        additionalModules: readOnly ? [] : [faenaModelerModule],
      }) as unknown as ModelerLike;
      modelerRef.current = instance;
      // The e2e test reaches what a user cannot draw (a plain task, as an imported or pasted model
      // would bring) through the modeler itself; only a page the test marked before loading gets it.
      const hooks = window as unknown as { __faenaTestHooks?: boolean; __faenaModeler?: ModelerLike };
      if (hooks.__faenaTestHooks === true) hooks.__faenaModeler = instance;
      try {
        await instance.importXML(version.bpmn_xml);
      } catch {
        if (alive) setLoadError(true);
        return;
      }
      if (!alive) return;
      instance.get('canvas').zoom('fit-viewport');
      // the canvas takes keyboard focus (bpmn-js's shortcuts); name it for screen readers
      container.current.querySelector('svg')?.setAttribute('aria-label', t('workflows.modeler.canvasLabel'));
      const all = instance.get('elementRegistry').getAll();
      setPlainTasks(findPlainTasks(all));
      setServices({
        eventBus: instance.get('eventBus'),
        elementRegistry: instance.get('elementRegistry'),
        modeling: readOnly ? (null as never) : instance.get('modeling'),
        moddle: instance.get('moddle'),
        canvas: instance.get('canvas'),
        overlays: instance.get('overlays'),
        selection: instance.get('selection'),
      });
      dispatch({ type: 'loaded' });
    })();
    return () => {
      alive = false;
      instance?.destroy();
      modelerRef.current = null;
    };
    // the modeler is built once per version
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version.id, readOnly]);

  // changes, selection and the plain-task refusal
  useEffect(() => {
    if (!services) return;
    const onChanged = (event: { trigger?: string | null }) => {
      const tasks = findPlainTasks(services.elementRegistry.getAll());
      setPlainTasks(tasks);
      dispatch({ type: 'edited' });
      setTick((tick) => tick + 1);
      if (event.trigger === 'undo' || event.trigger === 'redo' || event.trigger === 'clear') {
        // an undone creation leaves no element to show; anything else shows its restored values
        setSelected((current) => (current && services.elementRegistry.get(current.id) ? current : null));
        setPanelRevision((revision) => revision + 1);
      }
    };
    const onSelection = (event: { newSelection: DiagramElement[] }) => setSelected(event.newSelection.length === 1 ? (event.newSelection[0] ?? null) : null);
    const onReadOnlyClick = () => toast.info(t('workflows.modeler.publishedNoEdit'), { id: 'wf-published' });
    services.eventBus.on('commandStack.changed', onChanged as (event: never) => void);
    services.eventBus.on('selection.changed', onSelection as (event: never) => void);
    if (readOnly) services.eventBus.on('element.dblclick', onReadOnlyClick);
    return () => {
      services.eventBus.off('commandStack.changed', onChanged as (event: never) => void);
      services.eventBus.off('selection.changed', onSelection as (event: never) => void);
      services.eventBus.off('element.dblclick', onReadOnlyClick);
    };
  }, [services, readOnly, t]);

  // markers on plain tasks
  useEffect(() => {
    if (!services) return;
    for (const id of plainTasks) services.canvas.addMarker(id, classes.refusedMarker ?? 'faena-refused');
  }, [services, plainTasks]);

  const revisionRef = useRef(0);
  useEffect(() => {
    revisionRef.current = state.revision;
  }, [state.revision]);
  const save = useCallback(async (): Promise<boolean> => {
    const modeler = modelerRef.current;
    if (!modeler || readOnly) return false;
    if (findPlainTasks(modeler.get('elementRegistry').getAll()).length > 0) return false;
    const revision = revisionRef.current;
    dispatch({ type: 'save-started' });
    try {
      const { xml } = await modeler.saveXML({ format: true });
      await saveVersion(version.id, xml ?? '');
      dispatch({ type: 'save-succeeded', revision });
      return true;
    } catch (error) {
      dispatch({ type: 'save-failed' });
      if (isHttpError(error) && error.code === 'plain-task') setPlainTasks(findPlainTasks(modeler.get('elementRegistry').getAll()));
      return false;
    }
  }, [readOnly, version.id]);

  // autosave: debounced after the last change
  useEffect(() => {
    if (state.status !== 'dirty' || plainTasks.length > 0) return;
    const timer = window.setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state, save, plainTasks]);

  const showProblems = useCallback(
    (list: TWfModelProblem[]) => {
      setProblems(list);
      if (!services) return;
      services.overlays.remove({ type: 'faena-problem' });
      for (const element of services.elementRegistry.getAll()) services.canvas.removeMarker(element.id, classes.problemMarker ?? 'faena-problem');
      for (const problem of list) {
        if (!problem.element_id || !services.elementRegistry.get(problem.element_id)) continue;
        services.canvas.addMarker(problem.element_id, classes.problemMarker ?? 'faena-problem');
        const badge = document.createElement('span');
        badge.className = classes.problemBadge ?? '';
        badge.textContent = '!';
        badge.title = problemText(problem);
        services.overlays.add(problem.element_id, 'faena-problem', { position: { top: -10, right: 10 }, html: badge });
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [services],
  );

  function problemText(problem: TWfModelProblem): string {
    return t(`workflows.problems.${problem.code}`, { defaultValue: problem.detail, ...(problem.params ?? {}) });
  }

  const validate = async (): Promise<TWfModelProblem[] | null> => {
    if (hasUnsavedChanges(state) && !(await save())) return null;
    try {
      const { problems: list } = await validateVersion(version.id);
      showProblems(list);
      return list;
    } catch {
      toast.error(t('workflows.modeler.validateFailed'));
      return null;
    }
  };

  const publish = async () => {
    const ok = await confirm({
      id: 'wf-publish',
      title: t('workflows.modeler.publishTitle'),
      message: t('workflows.modeler.publishMessage'),
      confirmLabel: t('workflows.modeler.publish'),
      cancelLabel: t('workflows.modeler.cancel'),
    });
    if (!ok) return;
    setPublishing(true);
    try {
      const list = await validate();
      if (!list || list.length > 0) return;
      await publishVersion(version.id);
      toast.show(t('workflows.modeler.published'));
      void navigate(`/workflows/${type.id}/administration`);
    } catch (error) {
      if (isHttpError(error) && error.code === 'invalid-model' && error.body && typeof error.body === 'object' && 'problems' in error.body) {
        showProblems((error.body as { problems: TWfModelProblem[] }).problems);
      } else toast.error(t('workflows.modeler.publishFailed'));
    } finally {
      setPublishing(false);
    }
  };

  const newVersion = () =>
    createVersion.mutate(
      { typeId: type.id, xml: version.bpmn_xml },
      {
        onSuccess: () => void navigate(`/workflows/${type.id}/configuration`, { replace: true }),
        onError: () => toast.error(t('workflows.admin.newVersionFailed')),
      },
    );

  const focus = (id: string | null) => {
    if (!services || !id) return;
    const element = services.elementRegistry.get(id);
    if (element) services.selection.select(element);
  };

  return (
    <Stack gap="sm" className={classes.modelerPage}>
      <BackLink to={`/workflows/${type.id}/administration`}>{t('workflows.admin.backToType', { name: type.name })}</BackLink>
      <PageHeader
        title={type.name}
        description={t('workflows.modeler.versionLabel', { number: version.number, state: readOnly ? t('workflows.admin.published') : t('workflows.admin.draft') })}
        actions={
          readOnly ? (
            <Button onClick={newVersion} loading={createVersion.isPending}>
              {t('workflows.admin.newVersion')}
            </Button>
          ) : (
            <Group gap="sm">
              <SaveStatusBadge status={state.status} onRetry={() => void save()} />
              <Button variant="default" onClick={() => void validate()} disabled={!services}>
                {t('workflows.modeler.validate')}
              </Button>
              <Button onClick={() => void publish()} loading={publishing} disabled={!services || plainTasks.length > 0}>
                {t('workflows.modeler.saveAndPublish')}
              </Button>
            </Group>
          )
        }
      />
      {readOnly && (
        <Alert color="blue" data-testid="published-notice">
          {t('workflows.modeler.publishedNoEdit')}
        </Alert>
      )}
      {plainTasks.length > 0 && (
        <Alert color="red" role="alert" data-testid="plain-task-refused">
          {t('workflows.modeler.plainTask')}
        </Alert>
      )}
      {loadError && <Alert color="red">{t('workflows.modeler.loadFailed')}</Alert>}
      <div className={classes.modelerLayout}>
        <Paper withBorder className={classes.canvasFrame}>
          <div ref={container} className={classes.canvas} data-testid="bpmn-canvas" />
          {!services && !loadError && (
            <Group justify="center" className={classes.canvasLoader}>
              <Loader size="sm" />
            </Group>
          )}
        </Paper>
        <Paper withBorder p="md" className={classes.sidePanel} component="aside" aria-label={t('workflows.panel.title')}>
          {selected && services && selected.type !== 'bpmn:Process' ? (
            <ElementPanel key={`${selected.id}-${panelRevision}`} element={selected} services={services} readOnly={readOnly} versionId={version.id} />
          ) : (
            <Text c="dimmed" size="sm">
              {readOnly ? t('workflows.panel.selectReadOnly') : t('workflows.panel.select')}
            </Text>
          )}
        </Paper>
      </div>
      {problems && (
        <Paper withBorder p="md" data-testid="problems">
          {problems.length === 0 ? (
            <Text c="teal.9">{t('workflows.modeler.noProblems')}</Text>
          ) : (
            <>
              <Text fw={600} mb="xs">
                {t('workflows.modeler.problemsTitle', { count: problems.length })}
              </Text>
              <List size="sm" spacing={4}>
                {problems.map((problem, index) => (
                  <List.Item key={`${problem.element_id ?? ''}-${problem.code}-${index}`}>
                    {problem.element_id ? (
                      <Button variant="subtle" size="compact-sm" onClick={() => focus(problem.element_id)}>
                        {problemText(problem)}
                      </Button>
                    ) : (
                      problemText(problem)
                    )}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Paper>
      )}
    </Stack>
  );
}

function SaveStatusBadge({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} data-testid="save-status" data-status={status}>
      <Badge color={STATUS_COLOR[status]} variant="light" size="lg">
        {t(`workflows.modeler.saveStatus.${status}`)}
      </Badge>
      {status === 'error' && (
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
          {t('workflows.modeler.retry')}
        </Button>
      )}
    </Group>
  );
}
