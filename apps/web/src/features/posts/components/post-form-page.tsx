import { Alert, Button, Card, Group, Loader, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TPost, TPostWrite } from '@faena/contracts';
import { POST_FILES_MAX, POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX } from '@faena/contracts/posts';
import { UPLOAD_BASE } from '@faena/contracts/documents';
import { fileDownloadLink, uploadIdFromLink, type UploadRules } from '@faena/domain/forms/files';
import { RICH_TEXT_IMAGE_FORMATS } from '@faena/domain/forms/constants';
import { extractVideoId } from '@faena/domain/forms/video';
import { FORM_MESSAGES } from '@faena/domain/forms/messages';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { FileUploadField, uploadBlob } from '../../../shared/uploads/index.ts';
import { usePost } from '../api/get-post.ts';
import { previewAudience, useSavePost } from '../api/save-post.ts';
import { fromLocalInput, toLocalInput } from '../lib/dates.ts';

const RichTextEditor = lazy(() => import('../../../shared/forms/rich-text/rich-text-editor.tsx').then((module) => ({ default: module.RichTextEditor })));

const IMAGE_RULES: UploadRules = {
  noun: 'image',
  isMultiple: true,
  minFiles: 0,
  maxFiles: POST_IMAGES_MAX,
  minSize: 0,
  maxSize: POST_IMAGE_MAX_BYTES,
  formats: [...RICH_TEXT_IMAGE_FORMATS],
  messages: {},
};
const COVER_RULES: UploadRules = { ...IMAGE_RULES, isMultiple: false, maxFiles: 1 };
const FILE_RULES: UploadRules = { noun: 'file', isMultiple: true, minFiles: 0, maxFiles: POST_FILES_MAX, minSize: 0, maxSize: 50 * 1024 * 1024, formats: null, messages: {} };

const linkOf = (id: string) => fileDownloadLink(UPLOAD_BASE, id);
const idsOf = (links: string[]) => links.map((link) => uploadIdFromLink(link)).filter((id): id is string => id !== undefined);

interface Draft {
  title: string;
  body: string;
  cover: string[];
  images: string[];
  files: string[];
  video: string;
  audience: string[];
  isPinned: boolean;
  requiresAck: boolean;
  publishAt: string;
  expiresAt: string;
}

function draftOf(post: TPost | undefined): Draft {
  return {
    title: post?.title ?? '',
    body: post?.body ?? '',
    cover: post?.cover ? [linkOf(post.cover.id)] : [],
    images: post?.images.map((file) => linkOf(file.id)) ?? [],
    files: post?.files.map((file) => linkOf(file.id)) ?? [],
    video: post?.video_id ?? '',
    audience: post?.audience ? [post.audience.id] : [],
    isPinned: post?.is_pinned ?? false,
    requiresAck: post?.requires_ack ?? false,
    publishAt: post && post.state !== 'published' && post.state !== 'expired' ? toLocalInput(post.publish_at) : '',
    expiresAt: toLocalInput(post?.expires_at ?? null),
  };
}

/** /posts/new and /posts/{id}/edit (MANAGE_POSTS). */
export function PostFormPage({ id }: { id?: string | undefined }) {
  const { t } = useTranslation();
  const post = usePost(id);
  if (id && post.isPending) return <Loader aria-label={t('posts.loading')} />;
  if (id && post.isError) return <Alert color="red">{t('posts.loadError')}</Alert>;
  return <PostForm key={post.data?.id ?? 'new'} post={post.data} />;
}

function PostForm({ post }: { post: TPost | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSavePost(post?.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(post));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(0);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const audienceId = draft.audience[0] ?? null;
  const reach = useQuery({ queryKey: ['posts', 'audience-preview', audienceId], queryFn: () => previewAudience(audienceId) });
  const delivered = post !== undefined && post.state !== 'draft' && post.state !== 'scheduled';
  const videoId = draft.video.trim() ? extractVideoId(draft.video) : null;
  // the moment the form opened: enough to word the button (the server decides)
  const [openedAt] = useState(() => Date.now());
  const scheduled = useMemo(() => {
    const at = fromLocalInput(draft.publishAt);
    return at !== null && new Date(at).getTime() > openedAt;
  }, [draft.publishAt, openedAt]);

  const submit = (publish: boolean) => {
    const local: Record<string, string> = {};
    if (!draft.title.trim()) local.title = t('posts.form.required');
    if (videoId === undefined) local.video_id = FORM_MESSAGES.invalidVideoId;
    if (publish && reach.data?.count === 0) local.audience_id = t('posts.form.emptyAudience');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const input: TPostWrite = {
      title: draft.title.trim(),
      body: draft.body,
      cover_upload_id: idsOf(draft.cover)[0] ?? null,
      image_ids: idsOf(draft.images),
      file_ids: idsOf(draft.files),
      video_id: videoId ?? null,
      audience_id: audienceId,
      is_pinned: draft.isPinned,
      requires_ack: draft.requiresAck,
      expires_at: fromLocalInput(draft.expiresAt),
      publish,
      ...(delivered ? {} : { publish_at: fromLocalInput(draft.publishAt) }),
    };
    save.mutate(input, {
      onSuccess: (saved) => {
        toast.show(
          publish
            ? saved.state === 'scheduled'
              ? t('posts.form.scheduledToast')
              : post?.state === 'published'
                ? t('posts.form.savedToast')
                : t('posts.form.publishedToast')
            : t('posts.form.draftToast'),
        );
        void navigate(`/posts/${saved.id}`);
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields) {
          const out: Record<string, string> = {};
          for (const [field, value] of Object.entries(fields)) out[field] = value.reason ? t(`posts.form.reason.${value.reason}`, { defaultValue: value.texts.join(' ') }) : value.texts.join(' ');
          setErrors(out);
          return;
        }
        if (isHttpError(error) && error.reason === 'empty-audience') setErrors({ audience_id: t('posts.form.emptyAudience') });
        else toast.error(t('posts.form.saveError'));
      },
    });
  };

  const uploadImage = async (file: File) => linkOf(await uploadBlob(file, file.name, IMAGE_RULES));

  return (
    <Stack gap="md" maw={880}>
      <BackLink to={post ? `/posts/${post.id}` : '/posts'}>{post ? t('posts.form.backToPost') : t('posts.back')}</BackLink>
      <PageHeader title={post ? t('posts.form.editTitle') : t('posts.form.newTitle')} />
      <TextInput
        label={t('posts.form.title')}
        required
        value={draft.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={errors.title}
        maxLength={200}
        data-testid="post-title-input"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="post-body-label">
          {t('posts.form.body')}
        </Text>
        <Suspense fallback={<Loader size="sm" />}>
          <RichTextEditor
            value={draft.body}
            onChange={(html) => set('body', html)}
            labelledBy="post-body-label"
            placeholder={t('posts.form.bodyPlaceholder')}
            uploadImage={uploadImage}
            allowVideo
            minHeight={180}
            invalid={Boolean(errors.body)}
          />
        </Suspense>
        {errors.body && (
          <Text size="xs" c="red">
            {errors.body}
          </Text>
        )}
      </Stack>
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('posts.form.cover')}
            </Text>
            <FileUploadField value={draft.cover} onChange={(links) => set('cover', links)} rules={COVER_RULES} label={t('posts.form.cover')} onBusyChange={(b) => setBusy((n) => n + (b ? 1 : -1))} />
            {errors.cover_upload_id && (
              <Text size="xs" c="red">
                {errors.cover_upload_id}
              </Text>
            )}
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('posts.form.images')}
            </Text>
            <FileUploadField
              value={draft.images}
              onChange={(links) => set('images', links)}
              rules={IMAGE_RULES}
              label={t('posts.form.images')}
              onBusyChange={(b) => setBusy((n) => n + (b ? 1 : -1))}
            />
            {errors.image_ids && (
              <Text size="xs" c="red">
                {errors.image_ids}
              </Text>
            )}
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('posts.form.files')}
            </Text>
            <FileUploadField value={draft.files} onChange={(links) => set('files', links)} rules={FILE_RULES} label={t('posts.form.files')} onBusyChange={(b) => setBusy((n) => n + (b ? 1 : -1))} />
            {errors.file_ids && (
              <Text size="xs" c="red">
                {errors.file_ids}
              </Text>
            )}
          </Stack>
          <TextInput
            label={t('posts.form.video')}
            description={t('posts.form.videoHelp')}
            value={draft.video}
            onChange={(event) => set('video', event.currentTarget.value)}
            error={errors.video_id ?? (videoId === undefined ? FORM_MESSAGES.invalidVideoId : undefined)}
            data-testid="post-video-input"
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <EntityPicker
            kind="audiences"
            label={t('posts.form.audience')}
            description={t('posts.form.audienceHelp')}
            placeholder={t('posts.form.audiencePlaceholder')}
            value={draft.audience}
            onChange={(ids) => set('audience', ids)}
            maxValues={1}
            error={errors.audience_id}
            data-testid="post-audience"
          />
          {reach.data && (
            <Group gap={6} wrap="nowrap" data-testid="post-reach">
              {reach.data.count === 0 ? <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden="true" /> : <IconUsers size={16} aria-hidden="true" />}
              <Text size="sm" c={reach.data.count === 0 ? 'orange.8' : 'dimmed'}>
                {reach.data.count === 0 ? t('posts.form.reachNobody') : t('posts.form.reach', { count: reach.data.count })}
              </Text>
            </Group>
          )}
          <Switch
            label={t('posts.form.requiresAck')}
            description={t('posts.form.requiresAckHelp')}
            checked={draft.requiresAck}
            onChange={(event) => set('requiresAck', event.currentTarget.checked)}
            data-testid="post-requires-ack"
          />
          <Switch label={t('posts.form.pinned')} description={t('posts.form.pinnedHelp')} checked={draft.isPinned} onChange={(event) => set('isPinned', event.currentTarget.checked)} />
          <Group grow align="flex-start" wrap="wrap" gap="md">
            {!delivered && (
              <TextInput
                type="datetime-local"
                label={t('posts.form.publishAt')}
                description={t('posts.form.publishAtHelp')}
                value={draft.publishAt}
                onChange={(event) => set('publishAt', event.currentTarget.value)}
                error={errors.publish_at}
                style={{ minWidth: 220 }}
              />
            )}
            <TextInput
              type="datetime-local"
              label={t('posts.form.expiresAt')}
              description={t('posts.form.expiresAtHelp')}
              value={draft.expiresAt}
              onChange={(event) => set('expiresAt', event.currentTarget.value)}
              error={errors.expires_at}
              style={{ minWidth: 220 }}
            />
          </Group>
        </Stack>
      </Card>
      <Group justify="flex-end" gap="sm">
        {!delivered && (
          <Button variant="default" onClick={() => submit(false)} loading={save.isPending} disabled={busy > 0} data-testid="save-draft">
            {t('posts.form.saveDraft')}
          </Button>
        )}
        <Button onClick={() => submit(true)} loading={save.isPending} disabled={busy > 0} data-testid="publish-post">
          {delivered ? t('posts.form.save') : scheduled ? t('posts.form.schedule') : t('posts.form.publish')}
        </Button>
      </Group>
    </Stack>
  );
}
