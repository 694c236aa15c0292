import { Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPostSummary } from '@faena/contracts';
import { useFileUrl } from '../../../shared/uploads/index.ts';
import { formatPostDate } from '../lib/dates.ts';
import { PostBadges } from './post-badges.tsx';
import classes from './posts.module.css';

function Cover({ url }: { url: string }) {
  const file = useFileUrl(url);
  return file.url ? <Image src={file.url} alt="" className={classes.cardCover} /> : <div className={classes.cardCover} aria-hidden="true" />;
}

/** One post in a list: the whole card opens it. */
export function PostCard({ post, showState }: { post: TPostSummary; showState: boolean }) {
  const { t, i18n } = useTranslation();
  const unread = post.state === 'published' && !post.read_at && !showState;
  return (
    <Card withBorder radius="md" padding="md" component={Link} to={`/posts/${post.id}`} className={classes.card} data-unread={unread || undefined} data-testid="post-card">
      <Group wrap="nowrap" align="flex-start" gap="md">
        {post.cover && <Cover url={post.cover.url} />}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <PostBadges post={post} showState={showState} />
          <Title order={2} fz="lg" fw={unread ? 700 : 600} className={classes.cardTitle}>
            {post.title}
          </Title>
          {post.excerpt && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {post.excerpt}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {[post.author?.name, post.publish_at ? formatPostDate(post.publish_at, i18n.language) : t('posts.state.draft'), post.audience ? post.audience.name : t('posts.everyone')]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
