import { Alert, Button, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconPlayerPlay, IconWifiOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TExecution } from '@faena/contracts';
import { ACCESS, canAccess } from '../../../shared/access/access.ts';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { isHttpError, NetworkError } from '../../../shared/api/http-error.ts';
import { offlineQueue, ownerOf } from '../../../shared/offline/offline-queue.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { RemoteSelect, type RemoteSource } from '../../../shared/ui/remote-select.tsx';
import { checklistKeys, startExecution, useChecklist, useExecution, useExecutions } from '../api/checklists-api.ts';
import { ExecutionReport } from './execution-report.tsx';
import { localExecution, loadLocalDraft, startLocalDraft, waitingStart, type LocalDraft } from '../lib/local-drafts.ts';
import { ExecutionRunner } from './execution-runner.tsx';

/** The assets a checklist may be executed at (issue 49 point 4): failed items open corrective maintenances of it. */
const ASSETS_SOURCE: RemoteSource<{ id: string; code: string; name: string }> = {
  key: ['remote', 'checklist-assets'],
  url: '/api/asset-manager/v3/assets/',
  toChoice: (a) => ({ value: a.id, label: `${a.code} · ${a.name}` }),
};

function errorText(error: unknown, t: (key: string) => string): string {
  if (fieldErrorsOf(error)?.asset) return t('checklists.execute.assetUnknown');
  if (isHttpError(error) && error.code) return t(`checklists.errors.${error.code}`);
  return t('checklists.execute.startFailed');
}

/** After the submit: the result, read again as actions are added. */
function ResultScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const execution = useExecution(id);
  if (!execution.data) return <Loader />;
  return (
    <Stack gap="md" maw={720} mx="auto" data-testid="execution-result">
      <Title order={1} fz={24}>
        {t('checklists.execute.doneTitle')}
      </Title>
      <ExecutionReport execution={execution.data} compact />
      <Button component={Link} to={`/checklists/executions/${encodeURIComponent(id)}`} variant="default" size="md">
        {t('checklists.execute.seeDetail')}
      </Button>
      <Button component={Link} to="/checklists" variant="subtle" size="md">
        {t('checklists.execute.backToList')}
      </Button>
    </Stack>
  );
}

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** My draft of this checklist kept on the device (started offline), and whether a started one waits in the queue. */
function useLocalDraft(checklistId: string) {
  const client = useQueryClient();
  const owner = ownerOf(useSession());
  const key = ['offline-drafts', owner, checklistId];
  useEffect(() => offlineQueue.subscribe(() => void client.invalidateQueries({ queryKey: ['offline-drafts'] })), [client]);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => ({ draft: owner ? await loadLocalDraft(owner, checklistId) : null, waiting: await waitingStart(checklistId) }),
    networkMode: 'always',
    gcTime: 0,
  });
  return { owner, query };
}

/** /checklists/:id/execute — start (or resume) my draft, answer it, submit it; with no connection, on the device (decision 031). */
export function ExecutePage({ checklistId }: { checklistId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const checklist = useChecklist(checklistId);
  const drafts = useExecutions({ checklist: checklistId, status: 'draft', mine: 'true' }, 1);
  const { owner, query: kept } = useLocalDraft(checklistId);
  const [local, setLocal] = useState<LocalDraft | null>(null);
  const [execution, setExecution] = useState<TExecution | null>(null);
  const [submittedId, setSubmittedId] = useState<string | null>(null);
  const [venue, setVenue] = useState<string | null>(null);
  const { ctx } = useAccessContext();
  const seesAssets = canAccess(ACCESS.assets, ctx);
  const [asset, setAsset] = useState<string | null>(() => params.get('asset'));
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const resumed = useRef(false);

  /** With no connection the draft is made on the device from the kept checklist (its version), and started on the server at sync. */
  const startOnDevice = async (body: Parameters<typeof startExecution>[1]) => {
    if (!owner || !checklist.data) {
      setProblem(t('checklists.execute.notKept'));
      return;
    }
    setLocal(await startLocalDraft(owner, checklist.data, body));
  };

  const start = async () => {
    setStarting(true);
    setProblem(null);
    const activityId = params.get('activity');
    const recurrenceId = params.get('occurrence');
    const body = {
      venue: venue ?? params.get('venue') ?? null,
      activity: activityId && recurrenceId ? { public_id: activityId, recurrenceId } : null,
      ...(asset ? { asset } : {}),
    };
    try {
      if (!isOnline()) {
        await startOnDevice(body);
        return;
      }
      const draft = await startExecution(checklistId, body);
      if (draft.status === 'submitted') setSubmittedId(draft.id);
      else setExecution(draft);
    } catch (error) {
      if (error instanceof NetworkError) await startOnDevice(body).catch(() => setProblem(t('offline.storageFull')));
      else setProblem(errorText(error, t));
    } finally {
      setStarting(false);
    }
  };

  // My open draft of this checklist is resumed at once (where I left off): the one on this device
  // first (started offline), else the server's (online only: offline the start screen offers a new one).
  const keptDraft = local ?? kept.data?.draft ?? null;
  // held in state (set while rendering, React's pattern for state derived from a read): the draft
  // leaves the device's store when its submission is queued, and the runner stays to say so
  if (kept.data?.draft && !local) setLocal(kept.data.draft);
  const online = isOnline();
  const openDraft = online ? drafts.data?.results[0] : undefined;
  useEffect(() => {
    if (!openDraft || resumed.current || execution || keptDraft || kept.isPending) return;
    resumed.current = true;
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the draft is known
  }, [openDraft, keptDraft, kept.isPending]);

  if (submittedId) return <ResultScreen id={submittedId} />;
  if (keptDraft && !execution) {
    return <ExecutionRunner key={keptDraft.id} execution={localExecution(keptDraft)} local={keptDraft} onReplaced={() => undefined} onSubmitted={() => undefined} />;
  }
  if (execution) {
    return (
      <ExecutionRunner
        key={`${execution.id}:${execution.version}:${execution.client_revision}`}
        execution={execution}
        onReplaced={(next) => {
          if (next.status === 'submitted') setSubmittedId(next.id);
          else setExecution(next);
        }}
        onSubmitted={(done) => {
          client.setQueryData(checklistKeys.execution(done.id), done);
          void client.invalidateQueries({ queryKey: checklistKeys.executions });
          setSubmittedId(done.id);
          window.scrollTo({ top: 0 });
        }}
      />
    );
  }
  // offline, reads never kept stay pending (paused): the screen does not wait for them
  if (kept.isPending || (online && (checklist.isPending || drafts.isPending)) || openDraft) return <Loader />;
  if (!checklist.data) {
    return online ? (
      <Alert color="red">{t('checklists.execute.notFound')}</Alert>
    ) : (
      <Alert color="orange" icon={<IconWifiOff size={18} />} maw={720} mx="auto" data-testid="execute-not-kept">
        {t('checklists.execute.notKept')}
      </Alert>
    );
  }
  const venues = checklist.data.places.venues;
  return (
    <Stack gap="md" maw={720} mx="auto">
      <BackLink to="/checklists">{t('checklists.execute.backToList')}</BackLink>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={1} fz={24}>
            {checklist.data.name}
          </Title>
          {checklist.data.description && <Text c="dimmed">{checklist.data.description}</Text>}
          <Text size="sm">{t('checklists.execute.summary', { sections: checklist.data.sections.length, items: checklist.data.item_count })}</Text>
          {venues.length > 0 && (
            <Select
              label={t('checklists.execute.venue')}
              data={venues.map((entry) => ({ value: entry.id, label: entry.name }))}
              value={venue}
              onChange={setVenue}
              size="md"
              required
              data-testid="execute-venue"
            />
          )}
          {seesAssets && (
            <RemoteSelect
              source={ASSETS_SOURCE}
              label={t('checklists.execute.asset')}
              description={t('checklists.execute.assetHelp')}
              placeholder={t('checklists.execute.assetPlaceholder')}
              value={asset}
              onChange={setAsset}
              known={asset && params.get('asset') === asset && params.get('assetLabel') ? [{ value: asset, label: params.get('assetLabel')! }] : []}
              data-testid="execute-asset"
            />
          )}
          {kept.data?.waiting && (
            <Alert color="orange" icon={<IconCloudUpload size={18} />} data-testid="execute-waiting">
              {t('checklists.execute.waitingOnDevice')}
            </Alert>
          )}
          {!online && (
            <Alert color="orange" icon={<IconWifiOff size={18} />} data-testid="execute-offline">
              {t('checklists.execute.offlineStart')}
            </Alert>
          )}
          {problem && <Alert color="red">{problem}</Alert>}
          <Button size="lg" leftSection={<IconPlayerPlay size={20} />} onClick={() => void start()} loading={starting} disabled={venues.length > 0 && !venue} data-testid="execution-start">
            {t('checklists.execute.start')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
