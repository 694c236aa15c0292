import { Badge, Group } from '@mantine/core';
import { IconCircleCheck, IconPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPostSummary } from '@faena/contracts';

/** What a post asks of the reader, and where it stands: pinned, new, awaiting "Leído y entendido", its state for authors. */
export function PostBadges({ post, showState }: { post: TPostSummary; showState: boolean }) {
  const { t } = useTranslation();
  const visible = post.state === 'published';
  return (
    <Group gap={6} wrap="wrap">
      {post.is_pinned && (
        <Badge color="faena" variant="light" leftSection={<IconPin size={12} aria-hidden="true" />}>
          {t('posts.badge.pinned')}
        </Badge>
      )}
      {showState && post.state !== 'published' && (
        <Badge color={post.state === 'draft' ? 'gray' : post.state === 'scheduled' ? 'blue' : 'orange'} variant="light" data-testid="post-state">
          {t(`posts.state.${post.state}`)}
        </Badge>
      )}
      {visible && !post.read_at && !showState && (
        <Badge color="blue" variant="light" data-testid="post-new">
          {t('posts.badge.new')}
        </Badge>
      )}
      {visible && post.requires_ack && !showState && !post.acknowledged_at && (
        <Badge color="orange" variant="light" data-testid="post-awaiting-ack">
          {t('posts.badge.awaitingAck')}
        </Badge>
      )}
      {post.requires_ack && post.acknowledged_at && (
        <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden="true" />}>
          {t('posts.badge.acknowledged')}
        </Badge>
      )}
    </Group>
  );
}
