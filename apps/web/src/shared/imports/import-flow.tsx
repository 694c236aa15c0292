import { Alert, Loader, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useImportKinds, type ImportFamily } from './imports-api.ts';
import { ImportColumns } from './import-columns.tsx';
import { ImportHistory } from './import-history.tsx';
import { ImportJobView } from './import-job-view.tsx';
import { ImportUpload } from './import-upload.tsx';

/** Below the shell's desktop breakpoint (992 px) lists become cards. */
const MOBILE_QUERY = '(max-width: 61.99em)';

export interface ImportFlowProps {
  /** The family's base URL (decision 008's routes) and its importer kind. */
  family: ImportFamily;
  /** The job of the route (`/people-bulk-load/:id`), or null/undefined on the start screen. */
  jobId?: string | null | undefined;
  /** The page of a job; the flow navigates there once a job is created, and the history links to it. */
  jobHref: (id: number) => string;
  /** The start screen (upload + columns + history). */
  startHref: string;
  /** After a successful apply: where the loaded records are listed, and the button's text. */
  done?: { href: string; label: ReactNode } | undefined;
  /** Name of the downloadable CSV template (default `plantilla-{kind}.csv`). */
  templateName?: string;
}

/**
 * The whole bulk-import flow of one family: on the start screen the file chooser, the expected
 * columns with a template and the job history; on a job's screen its live progress, file errors,
 * per-row preview with the operation filter, apply or discard and the final result.
 */
export function ImportFlow({ family, jobId, jobHref, startHref, done, templateName }: ImportFlowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const kinds = useImportKinds();

  if (jobId) {
    return <ImportJobView family={family} jobId={jobId} startHref={startHref} done={done} isMobile={isMobile} onLeave={() => void navigate(startHref)} />;
  }

  const kind = kinds.data?.kinds.find((candidate) => candidate.kind === family.kind);
  return (
    <Stack gap="md" data-testid="import-flow">
      <ImportUpload family={family} kind={kind} limits={kinds.data?.limits} onCreated={(job) => void navigate(jobHref(job.id))} />
      {kinds.isPending ? (
        <Loader size="sm" />
      ) : !kind ? (
        <Alert color="red">{t('imports.columnsCard.failed')}</Alert>
      ) : (
        <ImportColumns family={family} kind={kind} templateName={templateName ?? `plantilla-${family.kind}.csv`} isMobile={isMobile} />
      )}
      <ImportHistory family={family} jobHref={jobHref} isMobile={isMobile} />
    </Stack>
  );
}
