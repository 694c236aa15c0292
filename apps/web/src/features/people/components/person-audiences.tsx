import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePersonAudiences } from '../api/person-audiences.ts';
import { Section } from '../../../shared/directory/section.tsx';

/** The audiences the person is in (what forms, workflows and notifications reach them through), each with the rules that take them in. */
export function PersonAudiences({ personId, disabled }: { personId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const audiences = usePersonAudiences(personId);
  return (
    <Section title={t('people.audiences.title')} icon={<IconUsersGroup size={18} aria-hidden />} testId="person-audiences">
      {audiences.isPending ? (
        <Loader size="sm" />
      ) : audiences.isError ? (
        <Alert color="red">{t('people.audiences.loadFailed')}</Alert>
      ) : audiences.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          {disabled ? t('people.audiences.disabled') : t('people.audiences.none')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {audiences.data.results.map((audience) => (
            <Group component="li" key={audience.id} gap="xs" wrap="wrap" data-testid="person-audience">
              <Anchor component={Link} to={`/audiences/${audience.id}`} size="sm" fw={600}>
                {audience.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {audience.matched_by.map((match) => t(`people.audiences.by.${match}`)).join(' · ')}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
