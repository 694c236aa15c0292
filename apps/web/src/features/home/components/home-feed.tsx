import { Alert, Anchor, Badge, Button, Card, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconChevronRight, IconConfetti, IconFilePlus, IconLink, IconPlayerPlay, IconPresentationAnalytics, IconSpeakerphone, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { THomeFeed, THomeQuickAction, TOccurrence } from '@faena/contracts';
import { taskPath } from '../../../shared/workflows/task-path.ts';
import { useHomeFeed } from '../api/get-home-feed.ts';

const intlLocale = (language: string) => (language === 'en' ? 'en-US' : language === 'es-MX' ? 'es-MX' : 'es-CL');

const ACTION_ICONS: Record<THomeQuickAction, Icon> = {
  'new-activity': IconChecklist,
  'new-post': IconSpeakerphone,
  'start-workflow': IconPlayerPlay,
  reports: IconPresentationAnalytics,
  links: IconLink,
};

/** Whether the feed has anything to do or read. */
export function isFeedEmpty(feed: THomeFeed, withActivities: boolean): boolean {
  return (!withActivities || !feed.activities || feed.activities.count === 0) && (!feed.tasks || feed.tasks.count === 0) && (!feed.posts || feed.posts.results.length === 0);
}

function Section({ id, title, all, count, children }: { id: string; title: string; all?: { to: string; label: string }; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={`home-${id}`} data-testid={`home-${id}`}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} fz="lg" id={`home-${id}`}>
            {title}
          </Title>
          {count !== undefined && count > 0 && (
            <Badge variant="light" circle={count < 10}>
              {count}
            </Badge>
          )}
        </Group>
        {all && (
          <Anchor component={Link} to={all.to} data-testid={`home-${id}-all`}>
            {all.label}
          </Anchor>
        )}
      </Group>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}

function Row({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="sm" style={{ minHeight: 52 }} data-testid={testId}>
      <Group wrap="nowrap" gap="sm">
        {children}
        <IconChevronRight size={18} aria-hidden="true" color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
      </Group>
    </Card>
  );
}

function ActivityRow({ occurrence, todayMs }: { occurrence: TOccurrence; todayMs: number }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const start = new Date(occurrence.startDate);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: i18n.language === 'en' ? 'h12' : 'h23' });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  return (
    <Row to={`/activities/${encodeURIComponent(occurrence.public_id)}/${encodeURIComponent(occurrence.recurrenceId)}`} testId="home-activity">
      <Text size="sm" c="dimmed" w={72} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
        {start.getTime() < todayMs ? day.format(start) : time.format(start)}
      </Text>
      <Text fw={600} lineClamp={2} style={{ flex: 1, minWidth: 0 }} td={occurrence.status === 'COMPLETED' ? 'line-through' : undefined}>
        {occurrence.title}
      </Text>
      {occurrence.status === 'EXPIRED' && (
        <Badge color="red" variant="light">
          {t('home.activities.overdue')}
        </Badge>
      )}
      {occurrence.status === 'COMPLETED' && (
        <Badge color="gray" variant="light">
          {t('home.activities.done')}
        </Badge>
      )}
    </Row>
  );
}

/** The home feed: "what do I do now", from one request; a section with nothing in it is not shown. */
export function HomeFeed({ withActivities }: { withActivities: boolean }) {
  const { t, i18n } = useTranslation();
  const feed = useHomeFeed(true);
  const locale = intlLocale(i18n.language);
  const now = new Date();
  const todayMs = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();

  if (feed.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('home.loading')}>
        <Skeleton h={24} w={220} />
        <Skeleton h={52} />
        <Skeleton h={52} />
      </Stack>
    );
  }
  if (feed.isError) return <Alert color="red">{t('home.error')}</Alert>;
  const data = feed.data;
  const activities = withActivities ? data.activities : null;
  const due = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: i18n.language === 'en' ? 'h12' : 'h23' });

  return (
    <Stack gap="xl" data-testid="home-feed">
      {data.quick_actions.length > 0 && (
        <Group gap="sm" wrap="wrap" data-testid="home-quick-actions">
          {data.quick_actions.map((action) => {
            const Icon = ACTION_ICONS[action.key] ?? IconFilePlus;
            return (
              <Button key={action.key} component={Link} to={action.to} variant="light" size="md" leftSection={<Icon size={18} />} data-testid={`home-action-${action.key}`}>
                {t(`home.actions.${action.key}`)}
              </Button>
            );
          })}
        </Group>
      )}
      {isFeedEmpty(data, withActivities) && (
        <Paper withBorder radius="lg" p="lg" data-testid="home-all-done">
          <Group wrap="nowrap" gap="md">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
              <IconConfetti size={26} />
            </ThemeIcon>
            <div>
              <Text fw={700}>{t('home.allDone.title')}</Text>
              <Text c="dimmed" size="sm">
                {t('home.allDone.text')}
              </Text>
            </div>
          </Group>
        </Paper>
      )}
      {data.posts && data.posts.awaiting_ack > 0 && (
        <Alert color="orange" variant="light" data-testid="home-ack-alert">
          {t('home.posts.awaiting', { count: data.posts.awaiting_ack })}
        </Alert>
      )}
      {activities && activities.count > 0 && (
        <Section id="activities" title={t('home.activities.title')} count={activities.count} all={{ to: '/activities', label: t('home.activities.all') }}>
          {[...activities.overdue, ...activities.today].map((occurrence) => (
            <ActivityRow key={occurrence.id} occurrence={occurrence} todayMs={todayMs} />
          ))}
        </Section>
      )}
      {data.tasks && data.tasks.count > 0 && (
        <Section id="tasks" title={t('home.tasks.title')} count={data.tasks.count} all={{ to: '/workflows', label: t('home.tasks.all') }}>
          {data.tasks.results.map((task) => (
            <Row key={task.id} to={taskPath(task)} testId="home-task">
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} lineClamp={2}>
                  {task.name || task.summary}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {task.workflow_type.name}
                  {task.due_at ? ` · ${t('home.tasks.due', { date: due.format(new Date(task.due_at)) })}` : ''}
                </Text>
              </Stack>
              {task.is_overdue && (
                <Badge color="red" variant="light">
                  {t('home.activities.overdue')}
                </Badge>
              )}
            </Row>
          ))}
        </Section>
      )}
      {data.posts && data.posts.results.length > 0 && (
        <Section id="posts" title={t('home.posts.title')} all={{ to: '/posts', label: t('home.posts.all') }}>
          {data.posts.results.map((post) => {
            const awaiting = post.requires_ack && post.acknowledged_at === null;
            return (
              <Row key={post.id} to={`/posts/${encodeURIComponent(post.id)}`} testId="home-post">
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={post.read_at ? 500 : 700} lineClamp={2}>
                    {post.title}
                  </Text>
                  {post.excerpt && (
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {post.excerpt}
                    </Text>
                  )}
                </Stack>
                {awaiting ? (
                  <Badge color="orange" variant="light" data-testid="home-post-ack">
                    {t('home.posts.ack')}
                  </Badge>
                ) : post.read_at === null ? (
                  <Badge variant="light">{t('home.posts.new')}</Badge>
                ) : null}
              </Row>
            );
          })}
        </Section>
      )}
    </Stack>
  );
}
