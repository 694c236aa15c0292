import { Alert, Anchor, Badge, Button, Group, Loader, Pagination, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { TAudience, TAudienceRules } from '@faena/contracts';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import { usePersonHref } from '../../../shared/directory/hrefs.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useUnsavedChanges } from '../../../shared/ui/use-unsaved-changes.ts';
import { UserAvatar } from '../../../shared/ui/user-avatar.tsx';
import { useDeleteAudience } from '../api/delete-audience.ts';
import { useAudience } from '../api/get-audience.ts';
import { isEmptyRules, PREVIEW_PAGE_SIZE, useAudiencePreview } from '../api/preview-audience.ts';
import { useSaveAudience } from '../api/save-audience.ts';
import { ruleChanges } from '../lib/rule-changes.ts';
import { confirmDeleteAudience } from './confirm-delete-audience.tsx';
import { SubmitForm } from '../../../shared/ui/submit-form.tsx';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';
import { returnAddress } from '../../../shared/navigation/last-address.ts';

const EMPTY_RULES: TAudienceRules = { positions: [], venues: [], business_lines: [], persons: [] };

/** /audiences/new and /audiences/:id: an audience's rules with a live preview of whom they reach. */
export function AudienceFormPage({ canManage, businessLinesEnabled }: { canManage: boolean; businessLinesEnabled: boolean }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const audience = useAudience(id);
  if (id && audience.isLoading) return <Loader />;
  // A failed read again (back on the tab) keeps the form and its unsaved changes.
  if (id && audience.isError && !audience.data)
    return <Text c="red">{isHttpError(audience.error) && audience.error.status === 404 ? t('audiences.errors.notFound') : t('audiences.errors.load')}</Text>;
  return <AudienceForm key={id ?? 'new'} audience={audience.data ?? null} canManage={canManage} businessLinesEnabled={businessLinesEnabled} />;
}

interface Draft {
  name: string;
  description: string;
  rules: TAudienceRules;
}

function AudienceForm({ audience, canManage, businessLinesEnabled }: { audience: TAudience | null; canManage: boolean; businessLinesEnabled: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveAudience();
  const remove = useDeleteAudience();
  const initial = useMemo<Draft>(() => ({ name: audience?.name ?? '', description: audience?.description ?? '', rules: audience?.rules ?? EMPTY_RULES }), [audience]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const setRule = (rule: keyof TAudienceRules) => (ids: string[]) => setDraft((current) => ({ ...current, rules: { ...current.rules, [rule]: ids } }));
  const dirty = draft.name.trim() !== initial.name || draft.description.trim() !== initial.description || Object.keys(ruleChanges(initial.rules, draft.rules)).length > 0;
  useUnsavedChanges(canManage && dirty && !done && !remove.isSuccess);
  useEffect(() => {
    if (done) void navigate(returnAddress('/audiences'));
  }, [done, navigate]);

  const errors = fieldErrorsOf(save.error) ?? {};
  const unknownIn = (rule: string) => (errors[`rules.${rule}`] ? t('audiences.errors.unknownIds') : null);
  const nameError = submitted && !draft.name.trim() ? t('audiences.errors.nameRequired') : (errors.name?.texts.join(' ') ?? null);
  const readOnly = !canManage;

  const submit = () => {
    setSubmitted(true);
    if (!draft.name.trim()) return;
    // An edit sends what changed, the rules as what was added and taken off: another manager's
    // change to the rest of the audience, or to other rules, stays.
    const input = audience
      ? {
          ...(draft.name.trim() !== initial.name ? { name: draft.name.trim() } : {}),
          ...(draft.description.trim() !== initial.description ? { description: draft.description.trim() || null } : {}),
          ...ruleChanges(initial.rules, draft.rules),
        }
      : { name: draft.name.trim(), description: draft.description.trim() || null, rules: draft.rules };
    if (audience && Object.keys(input).length === 0) {
      setDone(true);
      return;
    }
    save.mutate(
      { id: audience?.id, input },
      {
        onSuccess: (saved) => {
          toast.show(t('audiences.saved', { name: saved.name }));
          setDone(true);
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error) ?? {}).length === 0) toast.error(t('audiences.errors.save'));
        },
      },
    );
  };

  const onDelete = async () => {
    if (!audience || !(await confirmDeleteAudience(audience, t))) return;
    remove.mutate(audience.id, {
      onSuccess: () => {
        toast.show(t('audiences.deleted', { name: audience.name }));
        void navigate(returnAddress('/audiences'));
      },
      onError: () => toast.error(t('audiences.errors.delete')),
    });
  };

  return (
    <Stack gap="md">
      <BackLink to="/audiences">{t('audiences.title')}</BackLink>
      <PageHeader
        title={audience ? audience.name : t('audiences.new')}
        description={readOnly ? t('audiences.readOnly') : undefined}
        actions={
          audience && canManage ? (
            <DeleteButton onClick={() => void onDelete()} loading={remove.isPending}>
              {t('audiences.delete')}
            </DeleteButton>
          ) : null
        }
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <SubmitForm onSubmit={submit}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Stack gap="md">
                <TextInput
                  label={t('audiences.fields.name')}
                  required
                  value={draft.name}
                  onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
                  error={nameError}
                  maxLength={200}
                  readOnly={readOnly}
                />
                <Textarea
                  label={t('audiences.fields.description')}
                  value={draft.description}
                  onChange={(event) => setDraft({ ...draft, description: event.currentTarget.value })}
                  autosize
                  minRows={2}
                  maxLength={2000}
                  readOnly={readOnly}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Stack gap="md">
                <Title order={2} fz="md">
                  {t('audiences.rules.title')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('audiences.rules.explained')}
                </Text>
                <EntityPicker
                  kind="positions"
                  label={t('audiences.rules.positions')}
                  value={draft.rules.positions}
                  onChange={setRule('positions')}
                  error={unknownIn('positions')}
                  disabled={readOnly}
                  data-testid="rule-positions"
                />
                <EntityPicker
                  kind="venues"
                  label={t('audiences.rules.venues')}
                  value={draft.rules.venues}
                  onChange={setRule('venues')}
                  error={unknownIn('venues')}
                  disabled={readOnly}
                  data-testid="rule-venues"
                />
                {businessLinesEnabled || draft.rules.business_lines.length > 0 ? (
                  <EntityPicker
                    kind="business_lines"
                    label={t('audiences.rules.business_lines')}
                    value={draft.rules.business_lines}
                    onChange={setRule('business_lines')}
                    error={unknownIn('business_lines')}
                    disabled={readOnly || !businessLinesEnabled}
                    data-testid="rule-business-lines"
                  />
                ) : null}
                <EntityPicker
                  kind="persons"
                  label={t('audiences.rules.persons')}
                  placeholder={t('audiences.rules.personsPlaceholder')}
                  value={draft.rules.persons}
                  onChange={setRule('persons')}
                  error={unknownIn('persons')}
                  disabled={readOnly}
                  data-testid="rule-persons"
                />
              </Stack>
            </Paper>
            {canManage ? (
              <Group justify="flex-end" gap="sm">
                <Button variant="default" component={Link} to="/audiences">
                  {t('audiences.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending} data-testid="audience-save">
                  {t('audiences.save')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </SubmitForm>
        <AudiencePreview rules={draft.rules} />
      </SimpleGrid>
    </Stack>
  );
}

/** Whom the rules reach now: the count and a page of the persons (enabled ones only). */
function AudiencePreview({ rules }: { rules: TAudienceRules }) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(rules, 300);
  // a new set of rules starts again from the first page
  const [paging, setPaging] = useState({ rules: debounced, page: 1 });
  const page = paging.rules === debounced ? paging.page : 1;
  const setPage = (next: number) => setPaging({ rules: debounced, page: next });
  const preview = useAudiencePreview(debounced, page);
  const empty = isEmptyRules(debounced);
  const pages = Math.max(1, Math.ceil((preview.data?.count ?? 0) / PREVIEW_PAGE_SIZE));
  const forbidden = isHttpError(preview.error) && preview.error.status === 403;
  const personHref = usePersonHref();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="audience-preview-title" data-testid="audience-preview">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md" id="audience-preview-title">
            {t('audiences.preview.title')}
          </Title>
          {preview.isFetching ? <Loader size="xs" /> : null}
        </Group>
        {empty ? (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {t('audiences.preview.empty')}
          </Alert>
        ) : forbidden ? (
          <Alert color="gray">{t('audiences.preview.forbidden')}</Alert>
        ) : preview.isError ? (
          <Text c="red" size="sm">
            {t('audiences.preview.failed')}
          </Text>
        ) : preview.data ? (
          <>
            <Text fw={600} aria-live="polite" data-testid="audience-count">
              {t('audiences.preview.count', { count: preview.data.count })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('audiences.preview.onlyEnabled')}
            </Text>
            <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {preview.data.results.map((person) => (
                <Group component="li" key={person.id} gap="sm" wrap="nowrap" data-testid="audience-person">
                  <UserAvatar name={person.name} picture={person.picture} size={32} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <MemberName name={person.name} href={personHref(person.id)} />
                    <Text size="xs" c="dimmed" truncate>
                      {[person.primary_email, ...person.positions.map((position) => position.title)].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                  {!person.has_account ? (
                    <Badge size="xs" variant="outline" color="gray" ml="auto" style={{ flexShrink: 0 }}>
                      {t('audiences.preview.noAccount')}
                    </Badge>
                  ) : null}
                </Group>
              ))}
            </Stack>
            {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" getControlProps={(control) => ({ 'aria-label': t(`audiences.pagination.${control}`) })} /> : null}
          </>
        ) : (
          <Loader size="sm" />
        )}
      </Stack>
    </Paper>
  );
}

/** A member's name: it opens their detail for whoever may see people. */
function MemberName({ name, href }: { name: string; href: string | null }) {
  return href ? (
    <Anchor component={Link} to={href} size="sm" truncate>
      {name}
    </Anchor>
  ) : (
    <Text size="sm" truncate>
      {name}
    </Text>
  );
}
