import { Alert, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TWfExecution } from '@faena/contracts';
import { FAENA_BPMN_DESCRIPTOR } from '@faena/domain/workflows/constants';
import { useVersion } from '../api/workflows-api.ts';
import classes from './run.module.css';

interface Viewer {
  importXML(xml: string): Promise<unknown>;
  get(name: 'canvas'): { zoom(level: 'fit-viewport'): void; addMarker(id: string, marker: string): void; removeMarker(id: string, marker: string): void };
  destroy(): void;
}

/** bpmn-js's read-only viewer and its styles, loaded only when a diagram is shown (like the modeler). */
async function loadViewer() {
  await Promise.all([import('bpmn-js/dist/assets/diagram-js.css'), import('bpmn-js/dist/assets/bpmn-js.css'), import('bpmn-js/dist/assets/bpmn-font/css/bpmn.css')]);
  return (await import('bpmn-js/lib/NavigatedViewer')).default;
}

/** The markers of an execution: elements passed (done), where it stands (current), an error end (failed). */
export function diagramMarkers(execution: Pick<TWfExecution, 'elements' | 'status'>): Map<string, 'wf-done' | 'wf-current' | 'wf-failed'> {
  const markers = new Map<string, 'wf-done' | 'wf-current' | 'wf-failed'>();
  for (const element of execution.elements) {
    if (element.deleted_at) continue;
    const marker = element.is_active ? 'wf-current' : execution.status === 'Error' && element.type === 'ErrorEndEvent' ? 'wf-failed' : 'wf-done';
    // a loop passes an element twice: "current" wins over "done"
    if (markers.get(element.bpmn_id) !== 'wf-current') markers.set(element.bpmn_id, marker);
  }
  return markers;
}

/** The version's diagram, read-only, with the path taken and the current element highlighted. */
export function DiagramViewer({ execution }: { execution: TWfExecution }) {
  const { t } = useTranslation();
  const version = useVersion(execution.version.id);
  const container = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  const applied = useRef(new Map<string, string>());
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const xml = version.data?.bpmn_xml;

  useEffect(() => {
    if (!xml) return;
    let alive = true;
    const marks = applied.current;
    void (async () => {
      try {
        const NavigatedViewer = await loadViewer();
        if (!alive || !container.current) return;
        const viewer = new NavigatedViewer({ container: container.current, moddleExtensions: { faena: FAENA_BPMN_DESCRIPTOR } }) as unknown as Viewer;
        viewerRef.current = viewer;
        await viewer.importXML(xml);
        if (!alive) return;
        viewer.get('canvas').zoom('fit-viewport');
        setReady(true);
      } catch {
        if (alive) setFailed(true);
      }
    })();
    return () => {
      alive = false;
      viewerRef.current?.destroy();
      viewerRef.current = null;
      marks.clear();
      setReady(false);
    };
  }, [xml]);

  useEffect(() => {
    const viewer = viewerRef.current;
    if (!ready || !viewer) return;
    const canvas = viewer.get('canvas');
    for (const [id, marker] of applied.current) canvas.removeMarker(id, marker);
    applied.current.clear();
    for (const [id, marker] of diagramMarkers(execution)) {
      try {
        canvas.addMarker(id, marker);
        applied.current.set(id, marker);
      } catch {
        // an element the diagram does not draw
      }
    }
  }, [ready, execution]);

  if (version.isError || failed) return <Alert color="red">{t('workflows.run.detail.diagramError')}</Alert>;
  return (
    <div>
      <div ref={container} className={classes.diagram} role="img" aria-label={t('workflows.run.detail.diagramLabel')} data-testid="execution-diagram" data-ready={ready || undefined}>
        {!ready && <Loader size="sm" m="md" aria-label={t('common.loading')} />}
      </div>
      <Text size="xs" c="dimmed" mt={4}>
        {t('workflows.run.detail.diagramLegend')}
      </Text>
    </div>
  );
}
