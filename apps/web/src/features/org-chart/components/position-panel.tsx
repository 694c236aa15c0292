import { Anchor, Badge, Button, CloseButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TOrgChart } from '@faena/contracts';
import { UserAvatar } from '../../../shared/ui/user-avatar.tsx';
import { usePosition } from '../api/get-position.ts';

type ChartNode = TOrgChart['nodes'][number];

/** What the chart knows about a position, completed by its detail (people, default permissions). */
export function PositionPanel({
  node,
  nodes,
  parents,
  children,
  canManage,
  canViewPeople,
  onClose,
  onLocate,
}: {
  node: ChartNode;
  nodes: ReadonlyMap<string, ChartNode>;
  parents: readonly string[];
  children: readonly string[];
  canManage: boolean;
  canViewPeople: boolean;
  onClose: () => void;
  onLocate: (id: string) => void;
}) {
  const { t } = useTranslation();
  const detail = usePosition(node.id);
  const people = detail.data?.people ?? node.persons;
  const total = detail.data?.people_count ?? node.persons.length + node.additional_count;
  const related = (ids: readonly string[]) =>
    ids.map((id) => (
      <Anchor key={id} component="button" type="button" size="sm" onClick={() => onLocate(id)}>
        {nodes.get(id)?.title ?? id}
      </Anchor>
    ));

  return (
    <Stack gap="md" data-testid="org-chart-panel">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg">
            {node.title}
          </Title>
          {node.department ? (
            <Text size="sm" c="dimmed">
              {node.department}
            </Text>
          ) : null}
          <Group gap={6} mt={4}>
            {node.is_root ? <Badge variant="light">{t('orgChart.panel.root')}</Badge> : null}
            {detail.data?.code ? (
              <Badge variant="outline" color="gray">
                {detail.data.code}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <CloseButton onClick={onClose} aria-label={t('orgChart.panel.close')} />
      </Group>

      {parents.length > 0 ? (
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('orgChart.panel.reportsTo')}
          </Text>
          <Group gap="xs">{related(parents)}</Group>
        </Stack>
      ) : null}
      {children.length > 0 ? (
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('orgChart.panel.below', { count: children.length })}
          </Text>
          <Group gap="xs">{related(children)}</Group>
        </Stack>
      ) : null}

      <Stack gap={6}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('orgChart.panel.people', { count: total })}
        </Text>
        {total === 0 ? (
          <Text size="sm" c="dimmed">
            {t('orgChart.panel.vacant')}
          </Text>
        ) : null}
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {people.map((person) => (
            <Group component="li" key={person.id} gap="sm" wrap="nowrap">
              <UserAvatar name={person.name} picture={person.picture} size={30} />
              {canViewPeople ? (
                <Anchor component={Link} to={`/people/${person.id}`} size="sm" underline="hover">
                  {person.name}
                </Anchor>
              ) : (
                <Text size="sm">{person.name}</Text>
              )}
            </Group>
          ))}
        </Stack>
        {detail.isLoading ? <Loader size="sm" /> : null}
        {total > people.length && !detail.isLoading ? (
          <Text size="xs" c="dimmed">
            {t('orgChart.panel.morePeople', { count: total - people.length })}
          </Text>
        ) : null}
      </Stack>

      {detail.data ? (
        <Stack gap={6}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('orgChart.panel.defaults')}
          </Text>
          {detail.data.default_permission_list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('orgChart.panel.noDefaults')}
            </Text>
          ) : (
            <Group gap={6}>
              {detail.data.default_permission_list.map((key) => (
                <Badge key={key} variant="light" color="gray" tt="none">
                  {t(`directory.permissions.${key}`, { defaultValue: key })}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      ) : null}
      {detail.isError ? (
        <Text size="sm" c="red">
          {t('orgChart.errors.position')}
        </Text>
      ) : null}

      {canManage ? (
        <Button component={Link} to={`/positions/${node.id}`} variant="light" leftSection={<IconPencil size={16} />}>
          {t('orgChart.panel.edit')}
        </Button>
      ) : null}
    </Stack>
  );
}
