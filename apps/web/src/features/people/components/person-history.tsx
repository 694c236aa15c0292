import { Alert, Button, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TPersonHistoryEntry } from '@faena/contracts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { usePersonHistory } from '../api/person-history.ts';
import { Section } from '../../../shared/directory/section.tsx';

/** The API's field names → the form's labels (people.form.*). */
const FIELD_LABELS: Record<string, string> = {
  name: 'people.form.name',
  primary_email: 'people.form.primaryEmail',
  other_emails: 'people.form.otherEmails',
  phones: 'people.form.phones',
  address: 'people.form.address',
  photo_upload_id: 'people.form.photo',
  origin: 'people.form.origin',
  company_id: 'people.form.company',
  roles: 'people.form.roles',
  groups: 'people.form.groups',
  business_line_ids: 'people.form.businessLines',
  workspace_ids: 'people.form.workspaces',
  identity_documents: 'people.form.sections.documents',
  position_ids: 'people.form.positions',
};

/** What an entry did, in a sentence. */
export function describeEntry(entry: TPersonHistoryEntry, t: TFunction): string {
  const details = entry.details ?? {};
  switch (entry.action) {
    case 'people.update': {
      const fields = Array.isArray(details.fields) ? (details.fields as unknown[]).filter((field): field is string => typeof field === 'string') : [];
      if (fields.length === 0) return t('people.history.actions.unchanged');
      return t('people.history.actions.update', {
        fields: fields.map((field) => (FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field)).join(', '),
      });
    }
    case 'permissions.replace':
      return t('people.history.actions.permissions', {
        count: Array.isArray(details.permissions) ? details.permissions.length : 0,
      });
    case 'permissions.change': {
      const keys = (list: unknown) => (Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : []);
      const named = (list: string[]) => list.map((key) => t(`directory.permissions.${key}`, { defaultValue: key })).join(', ');
      const [added, removed] = [keys(details.added), keys(details.removed)];
      const changes = [
        ...(added.length > 0 ? [t('people.history.actions.permissionsAdded', { keys: named(added) })] : []),
        ...(removed.length > 0 ? [t('people.history.actions.permissionsRemoved', { keys: named(removed) })] : []),
      ];
      return t('people.history.actions.permissionsChange', { changes: changes.join('; ') });
    }
    case 'auth.invite.create':
      return t('people.history.actions.invite', {
        email: typeof details.email === 'string' ? details.email : '',
      });
    case 'auth.password-reset.send':
      return t('people.history.actions.auth_password-reset_send', { email: typeof details.email === 'string' ? details.email : '' });
    case 'people.position.add':
    case 'people.position.remove':
      return t(`people.history.actions.${entry.action.replace(/\./g, '_')}`, {
        position: typeof details.position === 'string' ? details.position : t('people.history.actions.positionGone'),
      });
    case 'auth.password-reset':
    case 'people.create':
    case 'people.disable':
    case 'people.enable':
    case 'auth.impersonation.start':
    case 'auth.impersonation.stop':
    case 'people.sign-out-everywhere':
      return t(`people.history.actions.${entry.action.replace(/\./g, '_')}`);
    default:
      return t('people.history.actions.other', { action: entry.action });
  }
}

function byline(entry: TPersonHistoryEntry, t: TFunction): string {
  const when = formatDateTime(entry.created_at);
  if (!entry.actor) return t('people.history.bySystem', { when });
  if (entry.impersonator)
    return t('people.history.byImpersonating', {
      impersonator: entry.impersonator.name,
      actor: entry.actor.name,
      when,
    });
  return t('people.history.by', { actor: entry.actor.name, when });
}

/** The person's history (MANAGE_PEOPLE): who changed what and when, newest first, ten at a time. */
export function PersonHistory({ personId }: { personId: string }) {
  const { t } = useTranslation();
  const history = usePersonHistory(personId);
  const entries = history.data?.pages.flatMap((page) => page.results) ?? [];
  const total = history.data?.pages[0]?.count ?? 0;

  return (
    <Section title={t('people.history.title')} icon={<IconHistory size={18} aria-hidden />} testId="person-history">
      {history.isPending && <Loader size="sm" />}
      {history.isError && <Alert color="red">{t('people.history.loadFailed')}</Alert>}
      {history.isSuccess && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('people.history.empty')}
        </Text>
      )}
      {entries.length > 0 && (
        <Stack gap="sm">
          <Timeline bulletSize={12} lineWidth={2}>
            {entries.map((entry) => (
              <Timeline.Item key={entry.id} data-testid="person-history-entry" data-action={entry.action}>
                <Text size="sm">{describeEntry(entry, t)}</Text>
                <Text size="xs" c="dimmed">
                  {byline(entry, t)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {history.hasNextPage && (
            <Group>
              <Button variant="default" size="xs" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage} data-testid="person-history-more">
                {t('people.history.more', { count: total - entries.length })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Section>
  );
}
