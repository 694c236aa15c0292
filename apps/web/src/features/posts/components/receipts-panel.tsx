import { Badge, Button, Card, Group, Loader, Progress, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPost } from '@faena/contracts';
import { ListFooter } from '../../../shared/ui/list-footer.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { RECEIPTS_PAGE_SIZE, useReceipts, useRemind, type ReceiptFilter } from '../api/post-receipts.ts';
import { formatPostDate } from '../lib/dates.ts';

/** For the author and MANAGE_POSTS: who has and has not read (and acknowledged) the post, and "Recordar". */
export function ReceiptsPanel({ post }: { post: TPost }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<ReceiptFilter>('all');
  const [page, setPage] = useState(1);
  const published = post.state === 'published';
  const receipts = useReceipts(post.id, filter, page, post.state !== 'draft');
  const remind = useRemind(post.id);
  const totals = receipts.data?.totals;
  const pendingFilter: ReceiptFilter = post.requires_ack ? 'unacknowledged' : 'unread';
  const pending = totals ? totals.recipients - (post.requires_ack ? totals.acknowledged : totals.read) : 0;

  if (post.state === 'draft') return null;
  const percent = (part: number) => (totals && totals.recipients > 0 ? Math.round((part / totals.recipients) * 100) : 0);

  return (
    <Card withBorder radius="md" padding="md" data-testid="receipts-panel">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg">
            {t('posts.receipts.title')}
          </Title>
          {published && (
            <Button
              variant="light"
              leftSection={<IconBellRinging size={16} aria-hidden="true" />}
              disabled={pending === 0}
              loading={remind.isPending}
              onClick={() => remind.mutate(undefined, { onSuccess: (result) => toast.show(t('posts.receipts.reminded', { count: result.reminded })) })}
              data-testid="remind"
            >
              {t('posts.receipts.remind')}
            </Button>
          )}
        </Group>
        {!totals ? (
          <Loader size="sm" aria-label={t('posts.loading')} />
        ) : totals.recipients === 0 ? (
          <Text c="dimmed" size="sm">
            {post.state === 'scheduled' ? t('posts.receipts.scheduled') : t('posts.receipts.none')}
          </Text>
        ) : (
          <>
            <Stack gap={4}>
              <Text size="sm" data-testid="receipts-read">
                {t('posts.receipts.read', { count: totals.read, total: totals.recipients })}
              </Text>
              <Progress value={percent(totals.read)} aria-label={t('posts.receipts.readBar')} />
            </Stack>
            {post.requires_ack && (
              <Stack gap={4}>
                <Text size="sm" data-testid="receipts-acknowledged">
                  {t('posts.receipts.acknowledged', { count: totals.acknowledged, total: totals.recipients })}
                </Text>
                <Progress value={percent(totals.acknowledged)} color="green" aria-label={t('posts.receipts.ackBar')} />
              </Stack>
            )}
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(value) => {
                setFilter(value as ReceiptFilter);
                setPage(1);
              }}
              data={[
                { value: 'all', label: t('posts.receipts.filter.all') },
                { value: pendingFilter, label: t(`posts.receipts.filter.${pendingFilter}`) },
                { value: post.requires_ack ? 'acknowledged' : 'read', label: t(post.requires_ack ? 'posts.receipts.filter.acknowledged' : 'posts.receipts.filter.read') },
              ]}
              aria-label={t('posts.receipts.filter.label')}
              style={{ alignSelf: 'flex-start' }}
            />
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing={6} data-testid="receipts-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('posts.receipts.person')}</Table.Th>
                    <Table.Th>{t('posts.receipts.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(receipts.data?.results ?? []).map((row) => (
                    <Table.Tr key={row.person.id}>
                      <Table.Td>{row.person.name}</Table.Td>
                      <Table.Td>
                        {row.acknowledged_at ? (
                          <Badge color="green" variant="light" title={formatPostDate(row.acknowledged_at, i18n.language)}>
                            {t('posts.receipts.statusAcknowledged')}
                          </Badge>
                        ) : row.read_at ? (
                          <Badge color="blue" variant="light" title={formatPostDate(row.read_at, i18n.language)}>
                            {t('posts.receipts.statusRead')}
                          </Badge>
                        ) : (
                          <Badge color="gray" variant="light">
                            {t('posts.receipts.statusUnread')}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListFooter
              count={receipts.data?.count ?? 0}
              page={page}
              pageSize={RECEIPTS_PAGE_SIZE}
              onPage={setPage}
              labels={{ range: (range) => t('posts.range', range), page: (n) => t('posts.page', { page: n }), control: (control) => t(`posts.pageControl.${control}`) }}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
