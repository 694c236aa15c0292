import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { create, type FilePond, type FilePondFile, type FilePondInitialFile, type FilePondOptions } from 'filepond';
import 'filepond/dist/filepond.min.css';
import { acceptAttribute, checkSelection, checkUpload, uploadHelp, type UploadRules } from '@faena/domain/forms/files';
import { UPLOAD_CHUNK_SIZE, UPLOAD_IGNORED_FILES, UPLOAD_PARALLEL_DEFAULT, UPLOAD_RETRY_DELAYS_MS, UPLOAD_WIDGET_MAX_FILES } from '@faena/domain/forms/constants';
import { isFileRef, OfflineStorageFull, offlineQueue } from '../offline/offline-queue.ts';
import { openModal } from '../ui/modal.tsx';
import { toast } from '../ui/toasts.ts';
import { dispositionName, isDownloadLink, liveAuthHeaders, serverRules, storeTemporaryUpload, UPLOAD_SERVER } from './upload-api.ts';
import './uploads.css';

export interface FileUploadFieldProps {
  /** Download links of the field's files (spec §4: a file value is a list of links). */
  value: unknown;
  onChange: (links: string[]) => void;
  /** From `uploadRules(field, …)` of @faena/domain: count, size and format limits, noun. */
  rules: UploadRules;
  /** Defaults to rules.isMultiple. */
  multiple?: boolean;
  /** Defaults to rules.maxFiles. */
  maxFiles?: number;
  disabled?: boolean;
  /** Accessible name of the drop area (the field's label). */
  label?: string;
  /** Called while uploads are running (true) and when they all settled (false): block submit meanwhile. */
  onBusyChange?: (busy: boolean) => void;
}

/** Files larger than this go up in 500,000-byte chunks (spec §9); smaller ones in one request. */
export const CHUNK_SIZE = UPLOAD_CHUNK_SIZE;

/** A size refusal: the spec's modal "Peso del archivo inválido" with "Aceptar". */
function showSizeModal(title: string, message: string, accept: string): void {
  void openModal<null>({
    id: 'upload-size-invalid',
    title,
    size: 'sm',
    dismissValue: null,
    render: (answer) => (
      <Stack gap="lg">
        <Text>{message}</Text>
        <Button onClick={() => answer(null)} data-autofocus style={{ alignSelf: 'flex-end' }}>
          {accept}
        </Button>
      </Stack>
    ),
  }).catch(() => undefined);
}

function linksOf(value: unknown): string[] | null {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value) && value.every((entry) => isDownloadLink(entry) || isFileRef(entry))) return value;
  return null;
}

/** FilePond's origin of a file given by its source (already stored or kept), not chosen now. */
const LOCAL_ORIGIN = 3;
const isOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/**
 * The file upload field (spec §2, §4, §5, §9) on FilePond: help text above, chunked uploads to
 * the document manager, each finished upload stored and kept in the value as its download link.
 * Without a connection (or an upload cut off by the network) a file is kept on the device
 * instead and the value holds its `offline-file:` reference; the submission that names it
 * uploads it first (decision 031), as the photo field does.
 */
export function FileUploadField({ value, onChange, rules, multiple, maxFiles, disabled, label, onBusyChange }: FileUploadFieldProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const pond = useRef<FilePond | null>(null);
  const helpId = useId();
  const links = linksOf(value);
  const isMultiple = multiple ?? rules.isMultiple;
  const max = maxFiles ?? rules.maxFiles;
  const [typeError, setTypeError] = useState<string | null>(null);
  // The latest props, read by FilePond's callbacks (created once).
  const latest = useRef({ links: links ?? [], onChange, rules, onBusyChange });
  useEffect(() => {
    latest.current = { links: links ?? [], onChange, rules, onBusyChange };
  });
  /** FilePond item id → its download link, once stored. */
  const stored = useRef(new Map<string, string>());
  const valid = links !== null;
  /** The value, changed by the field: read at once by FilePond's next callback (before a render). */
  const change = (next: string[]) => {
    latest.current = { ...latest.current, links: next };
    latest.current.onChange(next);
  };

  useEffect(() => {
    const mount = host.current;
    if (!mount || !valid) return;
    const initialLinks = latest.current.links;
    const headers = liveAuthHeaders();
    const busy = () => latest.current.onBusyChange?.(instance.getFiles().some((item) => item.status === 3 || item.status === 9 || item.status === 7));
    /** Refs of files this field kept on the device, shown by FilePond as local files. */
    const keptRefs = new Set<string>();
    const keepOnDevice = async (file: Blob & { name: string }): Promise<void> => {
      try {
        const ref = await offlineQueue.keepFile(file, file.name);
        keptRefs.add(ref);
        const next = isMultiple ? [...latest.current.links.filter((link) => link !== ref), ref] : [ref];
        void instance.addFile(ref, { type: 'local' }).catch(() => undefined);
        change(next);
      } catch (cause) {
        // nothing is half-kept: the file is not in the value
        if (cause instanceof OfflineStorageFull) toast.error(t('uploads.storageFull'));
        else toast.error(t('uploads.uploadFailed.sub'), { title: t('uploads.uploadFailed.main') });
      }
    };
    let instance: FilePond;
    try {
      // created without an element to replace (FilePond takes the options alone; its types do not
      // say so): its destroy, whose events run a tick later, then has no original element to put
      // back beside a root the cleanup has already removed
      instance = (create as (options: FilePondOptions) => FilePond)({
        name: 'filepond',
        credits: false,
        allowMultiple: isMultiple,
        maxFiles: isMultiple ? Math.min(UPLOAD_WIDGET_MAX_FILES, Math.max(max, 1)) : 1,
        maxParallelUploads: UPLOAD_PARALLEL_DEFAULT,
        chunkUploads: true,
        chunkSize: UPLOAD_CHUNK_SIZE,
        chunkForce: false,
        chunkRetryDelays: [...UPLOAD_RETRY_DELAYS_MS],
        ignoredFiles: [...UPLOAD_IGNORED_FILES],
        allowRevert: false,
        disabled: disabled === true,
        files: initialLinks.map((link): FilePondInitialFile => ({
          source: link,
          options: { type: 'local' },
        })),
        server: {
          url: UPLOAD_SERVER,
          process: {
            url: '/process/',
            headers,
            ondata: (data) => withRules(data, latest.current.rules),
          },
          patch: { url: '/patch/', headers },
          revert: null,
          restore: null,
          fetch: null,
          load: (source, load, error, progress, abort) => {
            const controller = new AbortController();
            (isFileRef(source) ? keptFileOf(source) : fetchLinked(String(source), controller.signal))
              .then((file) => load(file))
              .catch((cause: unknown) => {
                if (!controller.signal.aborted) error(cause instanceof Error ? cause.message : String(cause));
              });
            return {
              abort: () => {
                controller.abort();
                abort();
              },
            };
          },
        },
        beforeAddFile: (item) => {
          const file = item.file;
          const refusal = checkUpload({ name: file.name, size: file.size, content_type: file.type }, latest.current.rules);
          if (refusal?.kind === 'size') {
            showSizeModal(refusal.title, refusal.message, refusal.accept);
            return false;
          }
          if (refusal?.kind === 'type') {
            setTypeError(refusal.message);
            return false;
          }
          setTypeError(null);
          // with no connection a chosen file is kept on the device (the value holds its reference)
          if (item.origin !== LOCAL_ORIGIN && isOffline()) return keepOnDevice(file).then(() => false);
          return true;
        },
        beforeDropFile: () => true,
        labelIdle: t('uploads.pond.idle'),
        labelFileLoading: t('uploads.pond.loading'),
        labelFileLoadError: t('uploads.pond.loadError'),
        labelFileProcessing: t('uploads.pond.processing'),
        labelFileProcessingComplete: t('uploads.pond.complete'),
        labelFileProcessingAborted: t('uploads.pond.aborted'),
        labelFileProcessingError: t('uploads.pond.error'),
        labelFileProcessingRevertError: t('uploads.pond.revertError'),
        labelFileRemoveError: t('uploads.pond.removeError'),
        labelTapToCancel: t('uploads.pond.tapToCancel'),
        labelTapToRetry: t('uploads.pond.tapToRetry'),
        labelTapToUndo: t('uploads.pond.tapToUndo'),
        labelButtonRemoveItem: t('uploads.pond.remove'),
        labelButtonAbortItemLoad: t('uploads.pond.abort'),
        labelButtonRetryItemLoad: t('uploads.pond.retry'),
        labelButtonAbortItemProcessing: t('uploads.pond.abort'),
        labelButtonUndoItemProcessing: t('uploads.pond.undo'),
        labelButtonRetryItemProcessing: t('uploads.pond.retry'),
        labelButtonProcessItem: t('uploads.pond.upload'),
        labelFileWaitingForSize: t('uploads.pond.waitingForSize'),
        labelFileSizeNotAvailable: t('uploads.pond.sizeNotAvailable'),
        onwarning: (warning: { body?: string }) => {
          if (warning?.body === 'Max files') {
            const outcome = checkSelection(instance.getFiles().length + 1, latest.current.rules);
            if (outcome.kind === 'warning' || outcome.kind === 'limit-reached') toast.info(outcome.message);
          }
        },
        onaddfilestart: busy,
        onprocessfilestart: busy,
        onprocessfile: (error, item) => {
          if (error) {
            // the connection went while it went up: kept on the device instead, sent with the form
            if (isOffline() && item.file instanceof File) {
              const file = item.file;
              void instance.removeFile(item.id);
              void keepOnDevice(file).finally(busy);
              return;
            }
            toast.error(t('uploads.uploadFailed.sub'), {
              title: t('uploads.uploadFailed.main'),
            });
            busy();
            return;
          }
          const temporary = String(item.serverId);
          latest.current.onBusyChange?.(true);
          storeTemporaryUpload(temporary)
            .then((link) => {
              if (!instance.getFile(item.id)) return;
              stored.current.set(item.id, link);
              const next = isMultiple ? [...latest.current.links.filter((l) => l !== link), link] : [link];
              change(next);
            })
            .catch(() =>
              toast.error(t('uploads.uploadFailed.sub'), {
                title: t('uploads.uploadFailed.main'),
              }),
            )
            .finally(busy);
        },
        onremovefile: (_error, item) => {
          const link = stored.current.get(item.id) ?? (initialLinks.includes(String(item.source)) ? String(item.source) : undefined);
          stored.current.delete(item.id);
          if (link) change(latest.current.links.filter((l) => l !== link));
          busy();
        },
      });
      mount.appendChild(instance.element!);
    } catch {
      toast.error(t('uploads.camera.uploaderInit'));
      return undefined;
    }
    // Files loaded from the value count as stored under their own link.
    instance.on('addfile', (_error: unknown, item: FilePondFile) => {
      if (typeof item.source === 'string' && (initialLinks.includes(item.source) || keptRefs.has(item.source))) stored.current.set(item.id, item.source);
    });
    const element = instance.element;
    if (element) {
      const browse = element.querySelector('input[type=file]');
      const accept = acceptAttribute(latest.current.rules);
      if (browse && accept) browse.setAttribute('accept', accept);
      if (browse && label) browse.setAttribute('aria-label', label);
      if (browse) browse.setAttribute('aria-describedby', helpId);
    }
    pond.current = instance;
    return () => {
      instance.destroy();
      pond.current = null;
      mount.replaceChildren();
    };
    // FilePond is created once per shape of the field; value changes flow through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid, isMultiple, max]);

  useEffect(() => {
    pond.current?.setOptions({ disabled: disabled === true });
  }, [disabled]);

  if (!valid) {
    return (
      <Alert color="red" role="alert">
        {t('uploads.invalidValue')}
      </Alert>
    );
  }
  const count = links.length;
  const limit = isMultiple && count >= max ? checkSelection(count, rules) : null;
  return (
    <Stack gap={6} className="faena-upload-field">
      <Text size="sm" c="dimmed" id={helpId}>
        {uploadHelp(rules)}
      </Text>
      <div ref={host} />
      {typeError ? (
        <Text size="sm" c="red" role="alert">
          {typeError}
        </Text>
      ) : null}
      {limit && limit.kind !== 'ok' && limit.kind !== 'refused' ? (
        <Text size="sm" c="dimmed" role="status">
          {limit.message}
        </Text>
      ) : null}
    </Stack>
  );
}

function withRules(data: FormData, rules: UploadRules): FormData {
  // FilePond puts its own metadata part first; the server reads the limits from it.
  const out = new FormData();
  let file: FormDataEntryValue | null = null;
  let fileName = '';
  data.forEach((entry) => {
    if (typeof entry !== 'string') {
      file = entry;
      fileName = (entry as File).name;
    }
  });
  out.append('filepond', JSON.stringify(serverRules(rules)));
  if (file) out.append('filepond', file, fileName);
  return out;
}

/** A file kept on the device (its `offline-file:` reference), for FilePond's list. */
async function keptFileOf(ref: string): Promise<File> {
  const file = await offlineQueue.keptNamedFile(ref);
  if (!file) throw new Error('kept file gone');
  return file;
}

async function fetchLinked(link: string, signal: AbortSignal): Promise<File> {
  const headers = liveAuthHeaders();
  const response = await fetch(link, {
    headers: { ...headers },
    signal,
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const name = dispositionName(response.headers.get('content-disposition')) ?? link.split('/').slice(-2, -1)[0] ?? 'archivo';
  return new File([blob], name, { type: blob.type });
}
