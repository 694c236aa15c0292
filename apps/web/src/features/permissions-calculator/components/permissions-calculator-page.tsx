import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconHierarchy2, IconInfoCircle, IconUser } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPermissionsCalculatorResponse } from '@faena/contracts';
import { PERMISSION_KEYS } from '@faena/domain/permissions';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import { usePersonHref, usePositionHref } from '../../../shared/directory/hrefs.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { isEmptyInput, useCalculatedPermissions, type CalculatorInput } from '../api/calculate-permissions.ts';

type Granted = TPermissionsCalculatorResponse['permissions'][number];

/** /calculadora-permisos: the permission keys that positions, people or an audience end up with, and which source grants each. */
export function PermissionsCalculatorPage() {
  const { t } = useTranslation();
  const [input, setInput] = useState<CalculatorInput>({ positions: [], persons: [], audience: null });
  const [debounced] = useDebouncedValue(input, 250);
  const result = useCalculatedPermissions(debounced);
  const [showMissing, setShowMissing] = useState(false);
  const empty = isEmptyInput(debounced);
  const forbidden = isHttpError(result.error) && result.error.status === 403;

  return (
    <Stack gap="md">
      <PageHeader title={t('permissionsCalculator.title')} description={t('permissionsCalculator.description')} />
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <EntityPicker
            kind="positions"
            label={t('permissionsCalculator.positions')}
            value={input.positions}
            onChange={(positions) => setInput({ ...input, positions })}
            data-testid="calc-positions"
          />
          <EntityPicker
            kind="persons"
            label={t('permissionsCalculator.persons')}
            placeholder={t('permissionsCalculator.personsPlaceholder')}
            value={input.persons}
            onChange={(persons) => setInput({ ...input, persons })}
            data-testid="calc-persons"
          />
          <EntityPicker
            kind="audiences"
            label={t('permissionsCalculator.audience')}
            value={input.audience ? [input.audience] : []}
            onChange={(ids) => setInput({ ...input, audience: ids[0] ?? null })}
            maxValues={1}
            data-testid="calc-audience"
          />
        </SimpleGrid>
      </Paper>
      {empty ? (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          {t('permissionsCalculator.start')}
        </Alert>
      ) : forbidden ? (
        <Alert color="red">{t('permissionsCalculator.forbidden')}</Alert>
      ) : result.isError ? (
        <Alert color="red">{t('permissionsCalculator.failed')}</Alert>
      ) : result.data ? (
        <Result data={result.data} showMissing={showMissing} onShowMissing={setShowMissing} fetching={result.isFetching} />
      ) : (
        <Loader />
      )}
    </Stack>
  );
}

function Result({ data, showMissing, onShowMissing, fetching }: { data: TPermissionsCalculatorResponse; showMissing: boolean; onShowMissing: (value: boolean) => void; fetching: boolean }) {
  const { t } = useTranslation();
  const isDesktop = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  const granted = useMemo(() => new Map(data.permissions.map((permission) => [permission.key, permission])), [data]);
  const missing = PERMISSION_KEYS.filter((key) => !granted.has(key));
  const rows: { key: string; granted: Granted | null }[] = [
    ...data.permissions.map((permission) => ({ key: permission.key, granted: permission })),
    ...(showMissing ? missing.map((key) => ({ key, granted: null })) : []),
  ];

  return (
    <Stack gap="sm" data-testid="calc-result">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} fz="lg" aria-live="polite">
            {t('permissionsCalculator.summary', { count: data.permissions.length, total: PERMISSION_KEYS.length })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('permissionsCalculator.analysed', {
              persons: t('permissionsCalculator.personsCount', { count: data.persons_count }),
              positions: t('permissionsCalculator.positionsCount', { count: data.positions_count }),
            })}
          </Text>
        </Stack>
        <Group gap="sm">
          {fetching ? <Loader size="xs" /> : null}
          <Switch label={t('permissionsCalculator.showMissing')} checked={showMissing} onChange={(event) => onShowMissing(event.currentTarget.checked)} />
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('permissionsCalculator.legend')}
      </Text>
      {rows.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {t('permissionsCalculator.none')}
          </Text>
        </Paper>
      ) : isDesktop ? (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('permissionsCalculator.columns.permission')}</Table.Th>
                <Table.Th>{t('permissionsCalculator.columns.meaning')}</Table.Th>
                <Table.Th>{t('permissionsCalculator.columns.why')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key} data-testid="calc-permission" data-key={row.key} style={row.granted ? undefined : { opacity: 0.65 }}>
                  <Table.Td>
                    <PermissionName permissionKey={row.key} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`directory.permissionHelp.${row.key}`, { defaultValue: row.granted?.meaning ?? '' })}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Sources granted={row.granted} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Paper component="li" key={row.key} withBorder radius="md" p="sm" data-testid="calc-permission" data-key={row.key} style={row.granted ? undefined : { opacity: 0.65 }}>
              <Stack gap={6}>
                <PermissionName permissionKey={row.key} />
                <Text size="sm" c="dimmed">
                  {t(`directory.permissionHelp.${row.key}`, { defaultValue: row.granted?.meaning ?? '' })}
                </Text>
                <Sources granted={row.granted} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PermissionName({ permissionKey }: { permissionKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {t(`directory.permissions.${permissionKey}`, { defaultValue: permissionKey })}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {permissionKey}
      </Text>
    </Stack>
  );
}

const PERSONS_SHOWN = 4;

/** A position or a person that grants a key: a link to it when the person may open it. */
function SourceBadge({ source, href }: { source: Granted['granted_by'][number]; href: string | null }) {
  const { t } = useTranslation();
  const look = {
    variant: 'light',
    color: source.type === 'position' ? 'faena' : 'gray',
    tt: 'none',
    leftSection: source.type === 'position' ? <IconHierarchy2 size={12} aria-hidden /> : <IconUser size={12} aria-hidden />,
    'data-testid': 'calc-source',
  } as const;
  if (!href) return <Badge {...look}>{source.name}</Badge>;
  return (
    <Badge
      {...look}
      component={Link}
      to={href}
      style={{ cursor: 'pointer' }}
      aria-label={t(source.type === 'position' ? 'permissionsCalculator.byPosition' : 'permissionsCalculator.byPerson', { name: source.name })}
    >
      {source.name}
    </Badge>
  );
}

/** Why a key is granted: the positions first, then the persons (a few, the rest on demand). */
function Sources({ granted }: { granted: Granted | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const positionHref = usePositionHref();
  const personHref = usePersonHref();
  if (!granted)
    return (
      <Text size="sm" c="dimmed">
        {t('permissionsCalculator.notGranted')}
      </Text>
    );
  const positions = granted.granted_by.filter((source) => source.type === 'position');
  const persons = granted.granted_by.filter((source) => source.type === 'person');
  const shownPersons = open ? persons : persons.slice(0, PERSONS_SHOWN);
  // the server lists 20 sources at most; granted_count says how many there are
  const hidden = granted.granted_count - positions.length - shownPersons.length;
  return (
    <Group gap={6}>
      {[...positions, ...shownPersons].map((source) => (
        <SourceBadge key={`${source.type}:${source.id}`} source={source} href={source.type === 'position' ? positionHref(source.id) : personHref(source.id)} />
      ))}
      {hidden > 0 ? (
        !open && persons.length > shownPersons.length ? (
          <Button variant="subtle" size="compact-xs" onClick={() => setOpen(true)}>
            {t('permissionsCalculator.moreSources', { count: hidden })}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {t('permissionsCalculator.moreSources', { count: hidden })}
          </Text>
        )
      ) : null}
    </Group>
  );
}
