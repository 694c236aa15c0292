import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { TOrgChart, TPersonListItem, TPosition } from '@faena/contracts';
import { PERMISSION_KEYS } from '@faena/domain/permissions';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { directoryKeys, personOption, type EntityOption } from '../../../shared/directory/directory-api.ts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import { chartHref } from '../../../shared/directory/hrefs.ts';
import { ACCESS } from '../../../shared/access/access.ts';
import { useCanAccess, useSiteConfig } from '../../../shared/session/get-site-config.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useUnsavedChanges } from '../../../shared/ui/use-unsaved-changes.ts';
import { useDeletePosition } from '../api/delete-position.ts';
import { useOrgChart } from '../api/get-org-chart.ts';
import { MAX_HOLDERS, usePosition, usePositionHolders } from '../api/get-position.ts';
import { useSavePosition } from '../api/save-position.ts';
import { confirmDeletePosition } from './confirm-delete.tsx';
import { fieldErrorsOf, type FieldError } from '../../../shared/api/field-errors.ts';
import { missingPermissionsOf } from './server-errors.ts';
import { setChangeFields } from '../../../shared/lib/set-changes.ts';
import { SubmitForm } from '../../../shared/ui/submit-form.tsx';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';
import { returnAddress } from '../../../shared/navigation/last-address.ts';

/** /positions/new and /positions/:id. */
export function PositionFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const position = usePosition(id);
  const holders = usePositionHolders(id);
  const chart = useOrgChart();
  const holdersForbidden = isHttpError(holders.error) && holders.error.status === 403;
  if (id && (position.isLoading || holders.isLoading || chart.isLoading)) return <Loader />;
  // A failed read again (back on the tab) keeps the form and its unsaved changes.
  if (id && position.isError && !position.data)
    return <Text c="red">{isHttpError(position.error) && position.error.status === 404 ? t('positions.errors.notFound') : t('positions.errors.load')}</Text>;
  if (id && holders.isError && !holders.data && !holdersForbidden) return <Text c="red">{t('positions.errors.load')}</Text>;
  return <PositionForm key={id ?? 'new'} position={position.data ?? null} holders={holders.data ?? null} chart={chart.data ?? null} />;
}

interface Draft {
  title: string;
  department: string;
  code: string;
  is_root: boolean;
  parents: string[];
  people: string[];
  defaults: string[];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value) => b.includes(value));

/** Every position reachable downwards from `id` over all edges (a position cannot go under one of them). */
function below(chart: TOrgChart | null, id: string | null): Set<string> {
  const out = new Set<string>();
  if (!chart || !id) return out;
  const children = new Map<string, string[]>();
  for (const edge of chart.edges) children.set(edge.from, [...(children.get(edge.from) ?? []), edge.to]);
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (out.has(next)) continue;
    out.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

const UNKNOWN_KEYS: Record<string, string> = { parents: 'positions.errors.unknownPosition', people: 'positions.errors.unknownPerson', default_permission_list: 'positions.errors.unknownPermission' };

/** A field's server error in the user's language by its reason (decision 016); one without a reason as it came. */
function useServerText() {
  const { t } = useTranslation();
  return (field: string, error: FieldError) => {
    if (error.reason === 'in-use') return t('positions.errors.codeInUse');
    if (error.reason === 'root-with-parents') return t('positions.errors.rootWithParents');
    if (error.reason === 'cycle') return t('positions.errors.cycle');
    if (error.reason === 'unknown-reference' && UNKNOWN_KEYS[field]) return t(UNKNOWN_KEYS[field]);
    return error.texts.join(' ');
  };
}

function PositionForm({ position, holders, chart }: { position: TPosition | null; holders: TPersonListItem[] | null; chart: TOrgChart | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const siteConfig = useSiteConfig();
  const held = useMemo(() => new Set(siteConfig.data?.permissions ?? []), [siteConfig.data]);
  const save = useSavePosition();
  const remove = useDeletePosition();
  const serverText = useServerText();
  // the chart has its own flag (off in production)
  const canSeeChart = useCanAccess(ACCESS.orgChart);
  const peopleKnown = holders !== null || position === null;

  const initial = useMemo<Draft>(
    () => ({
      title: position?.title ?? '',
      department: position?.department ?? '',
      code: position?.code ?? '',
      is_root: position?.is_root ?? false,
      parents: position?.parents ?? [],
      people: holders?.map((person) => person.id) ?? position?.people.map((person) => person.id) ?? [],
      defaults: position?.default_permission_list ?? [],
    }),
    [position, holders],
  );
  const [draft, setDraft] = useState<Draft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  // the pickers show labels of what the form already holds without fetching them one by one
  useEffect(() => {
    for (const person of holders ?? []) client.setQueryData<EntityOption>(directoryKeys.option('persons', person.id), personOption(person));
    for (const node of chart?.nodes ?? []) client.setQueryData<EntityOption>(directoryKeys.option('positions', node.id), { id: node.id, label: node.title, description: node.department ?? undefined });
  }, [client, holders, chart]);

  const changed = {
    title: draft.title.trim() !== initial.title,
    department: draft.department.trim() !== initial.department,
    code: draft.code.trim() !== initial.code,
    is_root: draft.is_root !== initial.is_root,
    parents: !sameSet(draft.parents, initial.parents),
    people: !sameSet(draft.people, initial.people),
    defaults: !sameSet(draft.defaults, initial.defaults),
  };
  const dirty = Object.values(changed).some(Boolean);
  useUnsavedChanges(dirty && done === null && !remove.isSuccess);
  useEffect(() => {
    if (done !== null) void navigate(done);
  }, [done, navigate]);

  const exclude = useMemo(() => below(chart, position?.id ?? null), [chart, position]);
  const lacking = draft.defaults.filter((key) => !held.has(key));
  const serverErrors = fieldErrorsOf(save.error) ?? {};
  const denied = missingPermissionsOf(save.error);
  const errorOf = (field: string) => (serverErrors[field] ? serverText(field, serverErrors[field]) : null);
  const titleError = submitted && !draft.title.trim() ? t('positions.errors.titleRequired') : errorOf('title');

  const submit = () => {
    setSubmitted(true);
    if (!draft.title.trim()) return;
    const isNew = position === null;
    const input = {
      ...(isNew || changed.title ? { title: draft.title.trim() } : {}),
      ...(isNew || changed.department ? { department: draft.department.trim() || null } : {}),
      ...(isNew || changed.code ? { code: draft.code.trim() || null } : {}),
      ...(isNew || changed.is_root ? { is_root: draft.is_root } : {}),
      ...(isNew || changed.parents || (changed.is_root && draft.is_root) ? { parents: draft.is_root ? [] : draft.parents } : {}),
      ...(isNew && draft.people.length > 0 ? { people: draft.people } : {}),
      // an edit sends who came and who went, not the whole set: someone else's change to the
      // holders meanwhile stays (and re-sending keys the editor lacks would be refused)
      ...(!isNew && changed.people && peopleKnown ? setChangeFields(initial.people, draft.people, 'people_added', 'people_removed') : {}),
      ...((isNew && draft.defaults.length > 0) || (!isNew && changed.defaults) ? { default_permission_list: [...draft.defaults].sort() } : {}),
    };
    save.mutate(
      { id: position?.id, input },
      {
        onSuccess: (saved) => {
          toast.show(t('positions.saved', { title: saved.title }));
          setDone('/positions');
        },
        onError: (error) => {
          if (!fieldErrorsOf(error) && !missingPermissionsOf(error)) toast.error(t('positions.errors.save'));
        },
      },
    );
  };

  const onDelete = async () => {
    if (!position || !(await confirmDeletePosition(position, t))) return;
    remove.mutate(position.id, {
      onSuccess: () => {
        toast.show(t('positions.deleted', { title: position.title }));
        void navigate(returnAddress('/positions'));
      },
      onError: () => toast.error(t('positions.errors.delete')),
    });
  };

  return (
    <Stack gap="md" maw={880}>
      <BackLink to="/positions">{t('positions.title')}</BackLink>
      <PageHeader
        title={position ? t('positions.editTitle', { title: position.title }) : t('positions.new')}
        actions={
          position ? (
            <DeleteButton onClick={() => void onDelete()} loading={remove.isPending}>
              {t('positions.delete')}
            </DeleteButton>
          ) : null
        }
      />
      <SubmitForm onSubmit={submit}>
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Title order={2} fz="md">
                {t('positions.sections.position')}
              </Title>
              <TextInput
                label={t('positions.fields.title')}
                required
                value={draft.title}
                onChange={(event) => set('title', event.currentTarget.value)}
                error={titleError}
                maxLength={200}
                data-autofocus
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('positions.fields.department')}
                  value={draft.department}
                  onChange={(event) => set('department', event.currentTarget.value)}
                  error={errorOf('department')}
                  maxLength={200}
                />
                <TextInput
                  label={t('positions.fields.code')}
                  description={t('positions.fields.codeHelp')}
                  value={draft.code}
                  onChange={(event) => set('code', event.currentTarget.value)}
                  error={errorOf('code')}
                  maxLength={100}
                />
              </SimpleGrid>
              <Switch
                label={t('positions.fields.root')}
                description={t('positions.fields.rootHelp')}
                checked={draft.is_root}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setDraft((current) => ({ ...current, is_root: checked, parents: checked ? [] : current.parents }));
                }}
                error={errorOf('is_root')}
              />
              <EntityPicker
                kind="positions"
                label={t('positions.fields.parents')}
                description={draft.is_root ? t('positions.fields.parentsRoot') : t('positions.fields.parentsHelp')}
                value={draft.parents}
                onChange={(ids) => set('parents', ids)}
                exclude={exclude}
                disabled={draft.is_root}
                error={errorOf('parents')}
                maxValues={50}
                data-testid="position-parents"
              />
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Title order={2} fz="md">
                {t('positions.sections.people')}
              </Title>
              {peopleKnown ? (
                <EntityPicker
                  kind="persons"
                  label={t('positions.fields.people')}
                  description={t('positions.fields.peopleHelp')}
                  placeholder={t('positions.fields.peoplePlaceholder')}
                  value={draft.people}
                  onChange={(ids) => set('people', ids)}
                  error={errorOf('people') ?? errorOf('people_added')}
                  maxValues={MAX_HOLDERS}
                  data-testid="position-people"
                />
              ) : (
                <Alert color="gray" icon={<IconInfoCircle size={18} />}>
                  {t('positions.fields.peopleForbidden')}
                </Alert>
              )}
              {changed.people && lacking.length > 0 ? (
                <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="people-ceiling">
                  {t('positions.ceiling.people', { keys: lacking.map((key) => t(`directory.permissions.${key}`, { defaultValue: key })).join(', ') })}
                </Alert>
              ) : null}
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Title order={2} fz="md">
                {t('positions.sections.defaults')}
              </Title>
              <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
                {t('positions.defaultsExplained')}
              </Alert>
              <Checkbox.Group value={draft.defaults} onChange={(value) => set('defaults', value)} label={t('positions.fields.defaults')} error={errorOf('default_permission_list')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="sm">
                  {PERMISSION_KEYS.map((key) => {
                    const canGrant = held.has(key);
                    const checked = draft.defaults.includes(key);
                    return (
                      <Checkbox
                        key={key}
                        value={key}
                        // a key the editor lacks can be removed, never added
                        disabled={!canGrant && !checked}
                        label={t(`directory.permissions.${key}`)}
                        description={canGrant ? t(`directory.permissionHelp.${key}`) : t('positions.ceiling.notHeld')}
                        data-testid={`default-${key}`}
                      />
                    );
                  })}
                </SimpleGrid>
              </Checkbox.Group>
              {lacking.length > 0 ? (
                <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
                  {t('positions.ceiling.holdsUnheld', { keys: lacking.map((key) => t(`directory.permissions.${key}`, { defaultValue: key })).join(', ') })}
                </Alert>
              ) : null}
            </Stack>
          </Paper>

          {denied ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('positions.ceiling.deniedTitle')} data-testid="ceiling-denied">
              {denied.length > 0
                ? t('positions.ceiling.denied', { keys: denied.map((key) => t(`directory.permissions.${key}`, { defaultValue: key })).join(', ') })
                : t('positions.ceiling.deniedGeneric')}
            </Alert>
          ) : null}
          {Object.keys(serverErrors).length > 0 ? (
            <Text c="red" size="sm" role="alert">
              {t('positions.errors.fix')}
            </Text>
          ) : null}
          <Group justify="space-between">
            {position && canSeeChart ? (
              <Anchor component={Link} to={chartHref(position.id)} size="sm">
                {t('positions.showOnChart')}
              </Anchor>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" component={Link} to="/positions">
                {t('positions.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="position-save">
                {t('positions.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}
