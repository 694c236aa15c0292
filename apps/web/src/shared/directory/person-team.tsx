import { Alert, Anchor, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHierarchy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCESS, canAccess } from '../access/access.ts';
import { useAccessContext } from '../session/get-site-config.ts';
import { usePersonTeam } from './directory-api.ts';
import { Section } from './section.tsx';

/** The caller, for `PersonTeam` on their own profile (`GET /persons/me/team/`, any member). */
export const ME = 'me';

/** A person of the team: a link to their detail for whoever may open it, their name otherwise. */
function PersonName({ id, name, link }: { id: string; name: string; link: boolean }) {
  return link ? (
    <Anchor component={Link} to={`/people/${id}`} size="sm" fw={600}>
      {name}
    </Anchor>
  ) : (
    <Text size="sm" fw={600}>
      {name}
    </Text>
  );
}

/**
 * Who is right above and right below the person in the organisation chart; `personId` is a
 * person's id or `ME`; `positionId`: one they hold (the chart opens on it), null when none.
 */
export function PersonTeam({ personId, positionId }: { personId: string; positionId: string | null }) {
  const { t } = useTranslation();
  const team = usePersonTeam(personId, positionId !== null);
  const { ctx } = useAccessContext();
  const self = personId === ME;
  const linkPeople = canAccess(ACCESS.people, ctx);
  // the rest of the team is on the chart, for whoever may open it (its flag is off in production)
  const canSeeChart = canAccess(ACCESS.orgChart, ctx);
  const own = (key: 'noPosition' | 'loadFailed' | 'nobodyBelow') => t(self ? `directory.team.self.${key}` : `directory.team.${key}`);

  return (
    <Section title={t('directory.team.title')} icon={<IconHierarchy size={18} aria-hidden />} testId="person-team">
      {!positionId ? (
        <Text size="sm" c="dimmed">
          {own('noPosition')}
        </Text>
      ) : team.isPending ? (
        <Loader size="sm" />
      ) : team.isError ? (
        <Alert color="red">{own('loadFailed')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs" data-testid="person-team-managers">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('directory.team.reportsTo')}
            </Text>
            {team.data.managers.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('directory.team.nobodyAbove')}
              </Text>
            )}
            {team.data.managers.map((manager) => (
              <Stack key={manager.position.id} gap={0}>
                {manager.people.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('directory.team.vacant')}
                  </Text>
                ) : (
                  manager.people.map((person) => <PersonName key={person.id} id={person.id} name={person.name} link={linkPeople} />)
                )}
                <Text size="xs" c="dimmed">
                  {manager.position.title}
                </Text>
              </Stack>
            ))}
          </Stack>
          <Stack gap="xs" data-testid="person-team-reports">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('directory.team.directReports', {
                count: team.data.reports.count,
              })}
            </Text>
            {team.data.reports.count === 0 && (
              <Text size="sm" c="dimmed">
                {own('nobodyBelow')}
              </Text>
            )}
            {team.data.reports.people.map((person) => (
              <Stack key={person.id} gap={0}>
                <PersonName id={person.id} name={person.name} link={linkPeople} />
                <Text size="xs" c="dimmed">
                  {person.position.title}
                </Text>
              </Stack>
            ))}
            {team.data.reports.count > team.data.reports.people.length &&
              (canSeeChart ? (
                <Anchor component={Link} to={`/org-chart?position=${encodeURIComponent(positionId)}`} size="sm" data-testid="person-team-more">
                  {t('directory.team.more', { count: team.data.reports.count - team.data.reports.people.length })}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed" data-testid="person-team-more">
                  {t('directory.team.andMore', { count: team.data.reports.count - team.data.reports.people.length })}
                </Text>
              ))}
          </Stack>
        </SimpleGrid>
      )}
    </Section>
  );
}
