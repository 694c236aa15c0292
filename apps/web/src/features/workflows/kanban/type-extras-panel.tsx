import { Anchor, Button, CopyButton, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TWorkflowTypeDetail } from '@faena/contracts';
import { useVersion } from '../api/workflows-api.ts';
import { ExportExecutionsButton } from '../export/export-executions-button.tsx';
import { useKanbans, usePublicSetting, useSetPublicSetting } from '../extras/api.ts';
import { startEventIds } from './start-events.ts';

/** On a type's administration page: its kanban boards, its public start link and the executions export. */
export function TypeExtrasPanel({ type }: { type: TWorkflowTypeDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              {t('workflowsExtras.kanban.boards')}
            </Title>
            {type.active_version ? (
              <Button component={Link} to={`/workflows/${type.id}/configuration/kanban/new`} variant="default">
                {t('workflowsExtras.kanban.newBoard')}
              </Button>
            ) : (
              // a real disabled button (not a link dressed as one): nothing to configure before a version is published
              <Button variant="default" disabled>
                {t('workflowsExtras.kanban.newBoard')}
              </Button>
            )}
          </Group>
          <BoardList typeId={type.id} />
        </Stack>
      </Paper>
      <PublicLinkPanel type={type} />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('workflowsExtras.export.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('workflowsExtras.export.hint')}
          </Text>
          <ExportExecutionsButton typeId={type.id} />
        </Stack>
      </Paper>
    </Stack>
  );
}

function BoardList({ typeId }: { typeId: string }) {
  const { t } = useTranslation();
  const boards = useKanbans(typeId);
  if (!boards.data) return null;
  if (boards.data.results.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('workflowsExtras.kanban.noBoards')}
      </Text>
    );
  return (
    <Stack gap={6}>
      {boards.data.results.map((board) => (
        <Group key={board.id} justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={`/workflows/${typeId}/kanban/${board.id}`} fw={600}>
            {board.name}
          </Anchor>
          <Anchor component={Link} to={`/workflows/${typeId}/configuration/kanban/${board.id}`} size="sm" aria-label={t('workflowsExtras.kanban.configureBoard', { name: board.name })}>
            {t('workflowsExtras.kanban.configure')}
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}

function PublicLinkPanel({ type }: { type: TWorkflowTypeDetail }) {
  const { t } = useTranslation();
  const setting = usePublicSetting(type.id);
  const change = useSetPublicSetting(type.id);
  const version = useVersion(type.active_version?.id);
  const start = version.data ? startEventIds(version.data.bpmn_xml)[0] : undefined;
  const link = start ? `${window.location.origin}/public/workflows/${type.id}/by-group/${type.id}/start-execution/${encodeURIComponent(start)}` : null;
  const enabled = setting.data?.enabled ?? false;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('workflowsExtras.public.linkTitle')}
        </Title>
        <Switch
          label={t('workflowsExtras.public.toggle')}
          description={type.active_version ? t('workflowsExtras.public.toggleHint') : t('workflowsExtras.public.needsPublished')}
          checked={enabled}
          disabled={setting.isPending || change.isPending || (!type.active_version && !enabled)}
          onChange={(event) => change.mutate(event.currentTarget.checked)}
          size="md"
        />
        {enabled && link && (
          <Group gap="sm" wrap="nowrap" align="center">
            <Anchor href={link} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }} data-testid="public-link">
              {link}
            </Anchor>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button variant="default" size="xs" onClick={copy} style={{ flexShrink: 0 }}>
                  {copied ? t('workflowsExtras.public.copied') : t('workflowsExtras.public.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
