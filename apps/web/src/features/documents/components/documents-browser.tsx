import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Anchor, Breadcrumbs, Button, Group, Loader, Menu, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconEye, IconFile, IconFileTypePdf, IconFolder, IconFolderPlus, IconPhoto, IconSearch, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { uploadIdFromLink, type UploadRules } from '@faena/domain/forms/files';
import { DEFAULT_MAX_FILE_SIZE } from '@faena/domain/forms/constants';
import type { TDocument, TFolder } from '@faena/contracts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { RowActions } from '../../../shared/ui/row-actions.tsx';
import { confirm } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { FileUploadField } from '../../../shared/uploads/file-upload-field.tsx';
import { PhotoField } from '../../../shared/uploads/photo-field.tsx';
import { fetchFileBlob } from '../../../shared/uploads/upload-api.ts';
import { useDocuments, useDocumentsMutations, useDocumentTypes, useFolders } from '../api/documents-api.ts';
import { promptFolder, promptText } from './text-prompt.tsx';
import { openPreview } from './preview.tsx';
import { ShareModal } from './share-modal.tsx';

const ROOT = '__root__';
const UPLOAD_LINK_BASE = '/api/document-manager/v3/upload';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

function pathOf(folders: Map<string, TFolder>, id: string | null): TFolder[] {
  const path: TFolder[] = [];
  let cursor = id ? folders.get(id) : undefined;
  while (cursor && path.length < 100) {
    path.unshift(cursor);
    cursor = cursor.parent_id ? folders.get(cursor.parent_id) : undefined;
  }
  return path;
}

export const canPreview = (doc: Pick<TDocument, 'content_type'>) => doc.content_type.startsWith('image/') || doc.content_type === 'application/pdf';

export async function downloadDocument(doc: Pick<TDocument, 'upload_id' | 'file_name'>): Promise<void> {
  const blob = await fetchFileBlob(`${UPLOAD_LINK_BASE}/${encodeURIComponent(doc.upload_id)}/download`);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = doc.file_name;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Folders and documents of the tenant: browse, upload, preview, download, rename, move, delete. */
export function DocumentsBrowser() {
  const { t, i18n } = useTranslation();
  const [folderId, setFolderId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [typeId, setTypeId] = useState<string | null>(null);
  const [uploadKey, setUploadKey] = useState(0);
  const [links, setLinks] = useState<string[]>([]);
  const [photos, setPhotos] = useState<string[]>([]);
  const [sharing, setSharing] = useState<TDocument | null>(null);
  const filed = useRef(new Set<string>());
  const folders = useFolders();
  const types = useDocumentTypes();
  const docs = useDocuments(folderId, search);
  const mutations = useDocumentsMutations();

  const byId = useMemo(() => new Map((folders.data ?? []).map((folder) => [folder.id, folder])), [folders.data]);
  const path = pathOf(byId, folderId);
  const children = (folders.data ?? []).filter((folder) => folder.parent_id === folderId);
  const activeTypes = (types.data ?? []).filter((type) => type.is_active);
  const selectedType = activeTypes.find((type) => type.id === typeId) ?? null;
  const rules: UploadRules = {
    noun: 'file',
    isMultiple: true,
    minFiles: 0,
    maxFiles: 10,
    minSize: 0,
    maxSize: DEFAULT_MAX_FILE_SIZE,
    formats: selectedType && selectedType.allowed_formats.length > 0 ? selectedType.allowed_formats : null,
    messages: {},
  };
  const folderLabel = (id: string) =>
    pathOf(byId, id)
      .map((f) => f.name)
      .join(' / ');
  const folderChoices = (exclude?: string) => [
    { value: ROOT, label: t('documents.root') },
    ...(folders.data ?? [])
      .filter((folder) => !exclude || !pathOf(byId, folder.id).some((f) => f.id === exclude))
      .map((folder) => ({ value: folder.id, label: folderLabel(folder.id) }))
      .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true })),
  ];
  const failed = () => toast.error(t('documents.errors.generic'));
  const common = {
    confirmLabel: t('documents.actions.save'),
    cancelLabel: t('documents.actions.cancel'),
  };

  const onPhotos = (next: string[]) => {
    setPhotos(next);
    file(next);
  };
  const onUploaded = (next: string[]) => {
    setLinks(next);
    file(next);
  };
  const file = (next: string[]) => {
    for (const link of next) {
      if (filed.current.has(link)) continue;
      filed.current.add(link);
      const uploadId = uploadIdFromLink(link);
      if (!uploadId) continue;
      mutations.createDocument.mutate({ upload_id: uploadId, folder_id: folderId, document_type_id: typeId }, { onError: failed });
    }
  };

  const newFolder = async () => {
    const name = await promptText({
      id: 'documents-new-folder',
      title: t('documents.newFolder'),
      label: t('documents.fields.folderName'),
      initial: '',
      ...common,
      confirmLabel: t('documents.actions.create'),
    }).catch(() => null);
    if (name) mutations.createFolder.mutate({ name, parent_id: folderId }, { onError: failed });
  };
  /** Asks for a new name (or title); `save` runs when it changed. */
  const rename = async (title: string, label: string, current: string, save: (name: string) => void) => {
    const name = await promptText({ id: 'documents-rename', title, label, initial: current, ...common }).catch(() => null);
    if (name && name !== current) save(name);
  };
  /** Asks for a destination folder among `choices`; `save` gets it (null: the root). */
  const move = async (name: string, current: string | null, choices: { value: string; label: string }[], save: (target: string | null) => void) => {
    const target = await promptFolder({
      id: 'documents-move',
      title: t('documents.moveTitle', { name }),
      label: t('documents.fields.destination'),
      choices,
      initial: current ?? ROOT,
      ...common,
      confirmLabel: t('documents.actions.move'),
    }).catch(() => undefined);
    if (target !== undefined) save(target === ROOT ? null : target);
  };
  /** Asks to confirm a deletion; `run` deletes. */
  const remove = async (title: string, message: string, run: () => void) => {
    const ok = await confirm({
      id: 'documents-delete',
      title,
      message,
      confirmLabel: t('documents.actions.delete'),
      cancelLabel: t('documents.actions.cancel'),
      danger: true,
    }).catch(() => false);
    if (ok) run();
  };
  const deleted = () => toast.show(t('documents.deleted'));
  const renameFolder = (folder: TFolder) =>
    rename(t('documents.renameFolder'), t('documents.fields.folderName'), folder.name, (name) => mutations.updateFolder.mutate({ id: folder.id, name }, { onError: failed }));
  const moveFolder = (folder: TFolder) =>
    move(folder.name, folder.parent_id, folderChoices(folder.id), (parent_id) => mutations.updateFolder.mutate({ id: folder.id, parent_id }, { onError: failed }));
  const deleteFolder = (folder: TFolder) =>
    remove(t('documents.deleteFolderTitle'), t('documents.deleteFolderMessage', { name: folder.name }), () =>
      mutations.deleteFolder.mutate(folder.id, {
        onError: (error) => (isHttpError(error) && error.status === 409 ? toast.error(t('documents.errors.folderNotEmpty')) : failed()),
        onSuccess: deleted,
      }),
    );
  const renameDocument = (doc: TDocument) =>
    rename(t('documents.renameDocument'), t('documents.fields.title'), doc.title, (title) => mutations.updateDocument.mutate({ id: doc.id, title }, { onError: failed }));
  const moveDocument = (doc: TDocument) => move(doc.title, doc.folder_id, folderChoices(), (folder_id) => mutations.updateDocument.mutate({ id: doc.id, folder_id }, { onError: failed }));
  const deleteDocument = (doc: TDocument) =>
    remove(t('documents.deleteDocumentTitle'), t('documents.deleteDocumentMessage', { name: doc.title }), () => mutations.deleteDocument.mutate(doc.id, { onError: failed, onSuccess: deleted }));
  const open = (id: string | null) => {
    setFolderId(id);
    setSearch('');
    setLinks([]);
    setPhotos([]);
    setUploadKey((key) => key + 1);
  };
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const searching = search.trim() !== '';

  return (
    <Stack gap="md">
      <PageHeader
        title={t('documents.title')}
        description={t('documents.description')}
        actions={
          <Group gap="sm">
            <Button variant="default" size="sm" leftSection={<IconSettings size={16} />} component={Link} to="/document-types">
              {t('documents.types.title')}
            </Button>
            <Button size="sm" leftSection={<IconFolderPlus size={16} />} onClick={() => void newFolder()}>
              {t('documents.newFolder')}
            </Button>
          </Group>
        }
      />
      <Breadcrumbs separatorMargin={6} aria-label={t('documents.breadcrumbs')}>
        {folderId === null ? (
          <Text fw={600} aria-current="location">
            {t('documents.root')}
          </Text>
        ) : (
          <Anchor component="button" type="button" onClick={() => open(null)}>
            {t('documents.root')}
          </Anchor>
        )}
        {path.map((folder) =>
          folder.id === folderId ? (
            <Text key={folder.id} fw={600} aria-current="location">
              {folder.name}
            </Text>
          ) : (
            <Anchor key={folder.id} component="button" type="button" onClick={() => open(folder.id)}>
              {folder.name}
            </Anchor>
          ),
        )}
      </Breadcrumbs>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Text fw={600}>
              {t('documents.uploadTitle', {
                folder: path.at(-1)?.name ?? t('documents.root'),
              })}
            </Text>
            <Select
              label={t('documents.fields.type')}
              placeholder={t('documents.noType')}
              data={activeTypes.map((type) => ({
                value: type.id,
                label: type.name,
              }))}
              value={typeId}
              onChange={(value) => {
                setTypeId(value);
                setLinks([]);
                setUploadKey((key) => key + 1);
              }}
              clearable
              w={{ base: '100%', sm: 260 }}
            />
          </Group>
          <FileUploadField key={`${uploadKey}-${typeId ?? ''}`} value={links} onChange={onUploaded} rules={rules} label={t('documents.uploadLabel')} />
          {!selectedType || selectedType.allowed_formats.length === 0 || selectedType.allowed_formats.some((f) => ['jpeg', 'jpg'].includes(f)) ? (
            <PhotoField key={`photo-${uploadKey}`} value={photos} onChange={onPhotos} maxPhotos={10} source="camera" label={t('documents.photoLabel')} hideHelp />
          ) : null}
        </Stack>
      </Paper>

      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('documents.search')}
        aria-label={t('documents.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />

      {folders.isLoading || docs.isLoading ? <Loader /> : null}
      {folders.isError || docs.isError ? <Text c="red">{t('documents.errors.load')}</Text> : null}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('documents.contents')}>
        {!searching &&
          children.map((folder) => (
            <Paper component="li" key={folder.id} withBorder radius="md" px="md" py="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Anchor component="button" type="button" onClick={() => open(folder.id)} c="inherit" style={{ minWidth: 0 }}>
                  <Group gap="sm" wrap="nowrap">
                    <IconFolder size={22} color="var(--mantine-color-yellow-7)" aria-hidden />
                    <Text fw={500} truncate>
                      {folder.name}
                    </Text>
                  </Group>
                </Anchor>
                <RowActions label={t('documents.actionsFor', { name: folder.name })}>
                  <Menu.Item onClick={() => void renameFolder(folder)}>{t('documents.actions.rename')}</Menu.Item>
                  <Menu.Item onClick={() => void moveFolder(folder)}>{t('documents.actions.move')}</Menu.Item>
                  <Menu.Item color="red" onClick={() => void deleteFolder(folder)}>
                    {t('documents.actions.delete')}
                  </Menu.Item>
                </RowActions>
              </Group>
            </Paper>
          ))}
        {(docs.data ?? []).map((doc) => {
          const Icon = doc.content_type === 'application/pdf' ? IconFileTypePdf : doc.content_type.startsWith('image/') ? IconPhoto : IconFile;
          return (
            <Paper component="li" key={doc.id} withBorder radius="md" px="md" py="sm" data-testid="document-row">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Icon size={22} color="var(--mantine-color-faena-7, var(--mantine-color-blue-7))" aria-hidden style={{ flexShrink: 0 }} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={500} truncate>
                      {doc.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {[doc.document_type_name, formatSize(doc.size), dateFormat.format(new Date(doc.created_at)), searching && doc.folder_id ? folderLabel(doc.folder_id) : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  {canPreview(doc) ? (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('documents.actions.previewOf', {
                        name: doc.title,
                      })}
                      onClick={() => openPreview(doc, t('documents.actions.download'))}
                      visibleFrom="sm"
                    >
                      <IconEye size={18} />
                    </ActionIcon>
                  ) : null}
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('documents.actions.downloadOf', {
                      name: doc.title,
                    })}
                    onClick={() => void downloadDocument(doc).catch(failed)}
                    visibleFrom="sm"
                  >
                    <IconDownload size={18} />
                  </ActionIcon>
                  <RowActions label={t('documents.actionsFor', { name: doc.title })}>
                    {canPreview(doc) ? <Menu.Item onClick={() => openPreview(doc, t('documents.actions.download'))}>{t('documents.actions.preview')}</Menu.Item> : null}
                    <Menu.Item onClick={() => void downloadDocument(doc).catch(failed)}>{t('documents.actions.download')}</Menu.Item>
                    <Menu.Item onClick={() => setSharing(doc)} data-testid="document-share">
                      {t('documents.actions.share')}
                    </Menu.Item>
                    <Menu.Item onClick={() => void renameDocument(doc)}>{t('documents.actions.rename')}</Menu.Item>
                    <Menu.Item onClick={() => void moveDocument(doc)}>{t('documents.actions.move')}</Menu.Item>
                    <Menu.Item color="red" onClick={() => void deleteDocument(doc)}>
                      {t('documents.actions.delete')}
                    </Menu.Item>
                  </RowActions>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {!docs.isLoading && (docs.data ?? []).length === 0 && (searching || children.length === 0) ? (
        <Text c="dimmed" ta="center" py="lg">
          {searching ? t('documents.noResults') : t('documents.empty')}
        </Text>
      ) : null}
      {sharing && <ShareModal doc={sharing} onClose={() => setSharing(null)} />}
    </Stack>
  );
}
