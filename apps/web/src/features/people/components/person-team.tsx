import { Alert, Anchor, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHierarchy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePersonTeam } from '../api/person-team.ts';
import { Section } from './section.tsx';
import { usePeopleAccess } from './use-can.ts';

function PersonLink({ id, name }: { id: string; name: string }) {
  return (
    <Anchor component={Link} to={`/people/${id}`} size="sm" fw={600}>
      {name}
    </Anchor>
  );
}

/** Who is right above and right below the person in the organisation chart, with links to them; `positionId`: one they hold (the chart opens on it), null when none. */
export function PersonTeam({ personId, positionId }: { personId: string; positionId: string | null }) {
  const { t } = useTranslation();
  const team = usePersonTeam(personId, positionId !== null);
  // the rest of the team is on the chart, for whoever may open it (its flag is off in production)
  const { canSeeChart } = usePeopleAccess();

  return (
    <Section title={t('people.team.title')} icon={<IconHierarchy size={18} aria-hidden />} testId="person-team">
      {!positionId ? (
        <Text size="sm" c="dimmed">
          {t('people.team.noPosition')}
        </Text>
      ) : team.isPending ? (
        <Loader size="sm" />
      ) : team.isError ? (
        <Alert color="red">{t('people.team.loadFailed')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs" data-testid="person-team-managers">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('people.team.reportsTo')}
            </Text>
            {team.data.managers.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('people.team.nobodyAbove')}
              </Text>
            )}
            {team.data.managers.map((manager) => (
              <Stack key={manager.position.id} gap={0}>
                {manager.people.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('people.team.vacant')}
                  </Text>
                ) : (
                  manager.people.map((person) => <PersonLink key={person.id} id={person.id} name={person.name} />)
                )}
                <Text size="xs" c="dimmed">
                  {manager.position.title}
                </Text>
              </Stack>
            ))}
          </Stack>
          <Stack gap="xs" data-testid="person-team-reports">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('people.team.directReports', {
                count: team.data.reports.count,
              })}
            </Text>
            {team.data.reports.count === 0 && (
              <Text size="sm" c="dimmed">
                {t('people.team.nobodyBelow')}
              </Text>
            )}
            {team.data.reports.people.map((person) => (
              <Stack key={person.id} gap={0}>
                <PersonLink id={person.id} name={person.name} />
                <Text size="xs" c="dimmed">
                  {person.position.title}
                </Text>
              </Stack>
            ))}
            {team.data.reports.count > team.data.reports.people.length &&
              (canSeeChart ? (
                <Anchor component={Link} to={`/org-chart?position=${encodeURIComponent(positionId)}`} size="sm" data-testid="person-team-more">
                  {t('people.team.more', { count: team.data.reports.count - team.data.reports.people.length })}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed" data-testid="person-team-more">
                  {t('people.team.andMore', { count: team.data.reports.count - team.data.reports.people.length })}
                </Text>
              ))}
          </Stack>
        </SimpleGrid>
      )}
    </Section>
  );
}
