import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { visibleNavItems } from '../../shared/navigation/nav-items.ts';
import { DATE_LOCALE } from '../../shared/lib/dates.ts';
import { useAccessContext } from '../../shared/session/get-site-config.ts';
import { useSession } from '../../shared/session/use-session.ts';
import { ACCESS, canAccess } from '../../shared/access/access.ts';
import { useTenant } from '../../shared/tenant/tenant-context.tsx';
import { HomeFeed } from './components/home-feed.tsx';
import classes from './home.module.css';
import { homeLocales } from './locales/index.ts';

export const locales = [homeLocales];

const longDate = new Intl.DateTimeFormat(DATE_LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** /home — a greeting, what to do now (the feed, one request) and the sections this person can use. */
export function HomeRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const tenant = useTenant();
  const { ctx } = useAccessContext();
  const sections = visibleNavItems(ctx).filter((item) => item.key !== 'home');
  const firstName = session?.user.name.split(/\s+/)[0] ?? '';
  const today = longDate.format(new Date());
  // The task-manager home (flag task_manager_home) shows today's activities in the feed.
  const taskHome = ctx.flags.task_manager_home === true && canAccess(ACCESS.activities, ctx);

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }} data-testid="home-greeting">
          {t('home.greeting', { name: firstName })}
        </Title>
        <Text c="dimmed" mt={4}>
          {today.charAt(0).toUpperCase() + today.slice(1)} · {tenant.name}
        </Text>
      </div>
      <HomeFeed withActivities={taskHome} />
      <section aria-labelledby="home-sections">
        <Title order={2} fz="lg" mb="sm" id="home-sections">
          {t('home.sections')}
        </Title>
        {sections.length === 0 && (
          <Text c="dimmed" data-testid="home-empty">
            {t('home.noSections')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {sections.map((item) => {
            const Icon = item.icon;
            return (
              <Card key={item.key} component={Link} to={item.to} withBorder radius="lg" padding="md" className={classes.card}>
                <Group wrap="nowrap" gap="md">
                  <ThemeIcon size={42} radius="md" variant="light" aria-hidden="true">
                    <Icon size={22} stroke={1.7} />
                  </ThemeIcon>
                  <Text fw={600} style={{ flex: 1 }}>
                    {t(item.labelKey)}
                  </Text>
                  <IconChevronRight size={18} aria-hidden="true" color="var(--mantine-color-gray-6)" />
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
