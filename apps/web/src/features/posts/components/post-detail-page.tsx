import { Alert, Anchor, Button, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconEdit, IconFile } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TPost, TPostFile } from '@faena/contracts';
import { isNotFound } from '../../../shared/api/http-error.ts';
import { RichHtml } from '../../../shared/forms/rich-html.tsx';
import { VideoEmbed } from '../../../shared/forms/video-embed.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';
import { confirm } from '../../../shared/ui/modal.tsx';
import { NotFoundPage } from '../../../shared/ui/not-found-page.tsx';
import { useFileUrl } from '../../../shared/uploads/index.ts';
import { downloadWithCookie } from '../../../shared/uploads/upload-api.ts';
import { useAcknowledge, useMarkRead, usePost } from '../api/get-post.ts';
import { useDeletePost } from '../api/save-post.ts';
import { formatPostDate } from '../lib/dates.ts';
import { PostBadges } from './post-badges.tsx';
import { ReceiptsPanel } from './receipts-panel.tsx';
import classes from './posts.module.css';

function StoredImage({ file, className }: { file: TPostFile; className: string | undefined }) {
  const loaded = useFileUrl(file.url);
  return loaded.url ? <Image src={loaded.url} alt={file.name} className={className} /> : <div className={className} aria-hidden="true" />;
}

function formatSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

function AckBar({ post }: { post: TPost }) {
  const { t, i18n } = useTranslation();
  const ack = useAcknowledge(post.id);
  if (!post.requires_ack || post.state !== 'published' || !post.is_for_me) return null;
  return (
    <div className={classes.ackBar}>
      {post.acknowledged_at ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden="true" />} data-testid="acknowledged">
          {t('posts.ack.done', { date: formatPostDate(post.acknowledged_at, i18n.language) })}
        </Alert>
      ) : (
        <Stack gap={6}>
          <Text size="sm">{t('posts.ack.ask')}</Text>
          <Button size="md" fullWidth leftSection={<IconCircleCheck size={18} aria-hidden="true" />} loading={ack.isPending} onClick={() => ack.mutate()} data-testid="acknowledge">
            {t('posts.ack.button')}
          </Button>
        </Stack>
      )}
    </div>
  );
}

/** /posts/{id}: the post; opening it marks it read; the "Leído y entendido" button; for its author the receipts. */
export function PostDetailPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const post = usePost(id);
  const markRead = useMarkRead(id);
  const remove = useDeletePost(id);
  const marked = useRef<string | null>(null);
  const data = post.data;

  useEffect(() => {
    if (data && data.state === 'published' && data.is_for_me && !data.read_at && marked.current !== data.id) {
      marked.current = data.id;
      markRead.mutate();
    }
  }, [data, markRead]);

  if (post.isPending) return <Loader aria-label={t('posts.loading')} />;
  if (post.isError) {
    if (isNotFound(post.error)) return <NotFoundPage />;
    return (
      <Alert color="red" variant="light">
        {t('posts.loadError')}
      </Alert>
    );
  }
  const value = data!;
  const onDelete = async () => {
    const ok = await confirm({
      id: 'delete-post',
      title: t('posts.delete.title'),
      message: t('posts.delete.message', { title: value.title }),
      confirmLabel: t('posts.delete.confirm'),
      cancelLabel: t('posts.cancel'),
      danger: true,
    });
    if (ok) remove.mutate(undefined, { onSuccess: () => void navigate('/posts?tab=manage') });
  };

  return (
    <Stack gap="md" maw={880}>
      <BackLink to="/posts">{t('posts.back')}</BackLink>
      <Stack gap={6}>
        <PostBadges post={value} showState={value.can_manage} />
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }} data-testid="post-title">
          {value.title}
        </Title>
        <Text size="sm" c="dimmed">
          {[value.author?.name, value.publish_at ? formatPostDate(value.publish_at, i18n.language) : null, value.audience ? value.audience.name : t('posts.everyone')].filter(Boolean).join(' · ')}
        </Text>
        {value.expires_at && (
          <Text size="xs" c="dimmed">
            {t('posts.expiresOn', { date: formatPostDate(value.expires_at, i18n.language) })}
          </Text>
        )}
        {value.can_manage && (
          <Group gap="xs" mt={4}>
            <Button component={Link} to={`/posts/${value.id}/edit`} variant="default" size="xs" leftSection={<IconEdit size={14} aria-hidden="true" />} data-testid="edit-post">
              {t('posts.edit')}
            </Button>
            <DeleteButton onClick={() => void onDelete()} loading={remove.isPending}>
              {t('posts.delete.button')}
            </DeleteButton>
          </Group>
        )}
      </Stack>
      {value.cover && <StoredImage file={value.cover} className={classes.cover} />}
      {value.body && <RichHtml html={value.body} className={classes.body} testId="post-body" />}
      {value.video_id && <VideoEmbed id={value.video_id} />}
      {value.images.length > 0 && (
        <div className={classes.gallery}>
          {value.images.map((image) => (
            <Anchor
              key={image.id}
              href={image.url}
              onClick={(event) => {
                event.preventDefault();
                void downloadWithCookie(image.url, image.name);
              }}
              aria-label={t('posts.openImage', { name: image.name })}
            >
              <StoredImage file={image} className={classes.galleryImage} />
            </Anchor>
          ))}
        </div>
      )}
      {value.files.length > 0 && (
        <Stack gap={4}>
          <Title order={2} fz="md">
            {t('posts.attachments')}
          </Title>
          {value.files.map((file) => (
            <Group key={file.id} gap="xs" wrap="nowrap">
              <IconFile size={18} aria-hidden="true" />
              <Anchor
                href={file.url}
                onClick={(event) => {
                  event.preventDefault();
                  void downloadWithCookie(file.url, file.name);
                }}
                style={{ overflowWrap: 'anywhere' }}
              >
                {file.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatSize(file.size, i18n.language)}
              </Text>
              <IconDownload size={14} aria-hidden="true" />
            </Group>
          ))}
        </Stack>
      )}
      <AckBar post={value} />
      {value.can_manage && <ReceiptsPanel post={value} />}
    </Stack>
  );
}
