import { Alert, Button, Loader, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TPostState, TPostSummary } from '@faena/contracts';
import { POST_STATES } from '@faena/contracts/posts';
import { ListFooter } from '../../../shared/ui/list-footer.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { FEED_PAGE_SIZE, useFeed, useManagedPosts } from '../api/get-posts.ts';
import { PostCard } from './post-card.tsx';
import { usePostsAccess } from './use-posts-access.ts';

/** /posts: the person's feed; those who write posts also get every post by state. */
export function PostsPage() {
  const { t } = useTranslation();
  const { canManage } = usePostsAccess();
  const [params, setParams] = useSearchParams();
  const tab = canManage && params.get('tab') === 'manage' ? 'manage' : 'feed';
  const state = (POST_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as TPostState) : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if ((params.get('search') ?? '') !== debounced) update({ search: debounced, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const feed = useFeed(page, debounced);
  const managed = useManagedPosts(state, page, debounced, tab === 'manage');
  const list = tab === 'manage' ? managed : feed;
  const results: TPostSummary[] = list.data?.results ?? [];

  return (
    <Stack gap="md" maw={880}>
      <PageHeader
        title={t('posts.title')}
        description={tab === 'feed' && feed.data && feed.data.pending > 0 ? t('posts.pending', { count: feed.data.pending }) : undefined}
        actions={
          canManage && (
            <Button component={Link} to="/posts/new" leftSection={<IconPlus size={16} aria-hidden="true" />} data-testid="new-post">
              {t('posts.new')}
            </Button>
          )
        }
      />
      {canManage && (
        <SegmentedControl
          value={tab}
          onChange={(value) => update({ tab: value === 'manage' ? 'manage' : null, page: null, state: null })}
          data={[
            { value: 'feed', label: t('posts.tabs.feed') },
            { value: 'manage', label: t('posts.tabs.manage') },
          ]}
          aria-label={t('posts.tabs.label')}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <Stack gap="xs" style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('posts.search')}
          aria-label={t('posts.search')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          style={{ flex: '1 1 220px' }}
        />
        {tab === 'manage' && (
          <Select
            value={state}
            onChange={(value) => update({ state: value === 'all' ? null : value, page: null })}
            data={[{ value: 'all', label: t('posts.state.all') }, ...POST_STATES.map((value) => ({ value, label: t(`posts.state.${value}`) }))]}
            aria-label={t('posts.stateFilter')}
            allowDeselect={false}
            style={{ flex: '0 1 200px' }}
          />
        )}
      </Stack>
      {list.isPending ? (
        <Loader aria-label={t('posts.loading')} />
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {t('posts.loadError')}
        </Alert>
      ) : results.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="posts-empty">
          {debounced ? t('posts.noMatches') : tab === 'manage' ? t('posts.emptyManage') : t('posts.empty')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="posts-list">
          {results.map((post) => (
            <PostCard key={post.id} post={post} showState={tab === 'manage'} />
          ))}
        </Stack>
      )}
      <ListFooter
        count={list.data?.count ?? 0}
        page={page}
        pageSize={FEED_PAGE_SIZE}
        onPage={(next) => update({ page: next === 1 ? null : String(next) })}
        labels={{ range: (range) => t('posts.range', range), page: (n) => t('posts.page', { page: n }), control: (control) => t(`posts.pageControl.${control}`) }}
      />
    </Stack>
  );
}
