import { Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ItemScoring } from '@faena/domain/checklists/settings';
import type { InputField } from '@faena/domain/forms/schema';
import { alignScoring, defaultScoring, scoringKindFor, type ItemSettings } from '../lib/builder-draft.ts';

const num = (value: string | number, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const optionalNum = (value: string | number): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Points and "falla" per option of a choice item. */
function ChoiceScoring({ field, scoring, onChange }: { field: InputField; scoring: Extract<ItemScoring, { kind: 'choice' }>; onChange: (next: ItemScoring) => void }) {
  const { t } = useTranslation();
  const options = 'choices' in field && Array.isArray(field.choices) ? field.choices.map((entry) => entry.choice) : [];
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="scoring-choice">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('checklists.scoring.option')}</Table.Th>
          <Table.Th w={110}>{t('checklists.scoring.points')}</Table.Th>
          <Table.Th w={70}>{t('checklists.scoring.fails')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {options.map((option) => (
          <Table.Tr key={option}>
            <Table.Td>
              <Text size="sm">{option}</Text>
            </Table.Td>
            <Table.Td>
              <NumberInput
                size="xs"
                min={0}
                value={scoring.scores[option] ?? 0}
                onChange={(value) => onChange({ ...scoring, scores: { ...scoring.scores, [option]: num(value) } })}
                aria-label={t('checklists.scoring.pointsOf', { option })}
                data-testid={`score-${option}`}
              />
            </Table.Td>
            <Table.Td>
              <Checkbox
                checked={scoring.failing.includes(option)}
                onChange={(event) => onChange({ ...scoring, failing: event.currentTarget.checked ? [...scoring.failing, option] : scoring.failing.filter((entry) => entry !== option) })}
                aria-label={t('checklists.scoring.failsOf', { option })}
                data-testid={`fails-${option}`}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * An item's checklist settings under its field's own (decision 026): weight, critical, and the
 * scoring that matches its type — points and "falla" per option, yes/no points and the failing
 * answer, the accepted number range, or stars.
 */
export function ScoringEditor({ field, settings, onChange, error }: { field: InputField; settings: ItemSettings; onChange: (next: ItemSettings) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  const kind = scoringKindFor(field.type);
  const scoring = alignScoring(field, settings.scoring);
  const setScoring = (next: ItemScoring | null) => onChange({ ...settings, scoring: next });

  return (
    <Stack gap="xs" data-testid="scoring-editor">
      <Text fw={650} size="sm">
        {t('checklists.scoring.title')}
      </Text>
      <Group gap="md" align="flex-end">
        <NumberInput
          label={t('checklists.scoring.weight')}
          min={0}
          max={1000}
          w={110}
          value={settings.weight}
          onChange={(value) => onChange({ ...settings, weight: num(value, 1) })}
          data-testid="item-weight"
        />
        <Switch
          label={t('checklists.scoring.critical')}
          description={t('checklists.scoring.criticalHelp')}
          checked={settings.critical}
          onChange={(event) => onChange({ ...settings, critical: event.currentTarget.checked })}
          data-testid="item-critical"
        />
      </Group>
      {kind === null ? (
        <Text size="xs" c="dimmed">
          {t('checklists.scoring.notScorable')}
        </Text>
      ) : (
        <Switch
          label={t('checklists.scoring.scored')}
          checked={scoring !== null}
          onChange={(event) => setScoring(event.currentTarget.checked ? defaultScoring(field) : null)}
          data-testid="item-scored"
        />
      )}
      {scoring?.kind === 'choice' && <ChoiceScoring field={field} scoring={scoring} onChange={setScoring} />}
      {scoring?.kind === 'boolean' && (
        <Stack gap="xs" data-testid="scoring-boolean">
          <Group gap="sm">
            <NumberInput label={t('checklists.scoring.yes')} min={0} w={110} value={scoring.yes} onChange={(value) => setScoring({ ...scoring, yes: num(value) })} data-testid="score-yes" />
            <NumberInput label={t('checklists.scoring.no')} min={0} w={110} value={scoring.no} onChange={(value) => setScoring({ ...scoring, no: num(value) })} data-testid="score-no" />
          </Group>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('checklists.scoring.failingAnswer')}
            </Text>
            <SegmentedControl
              value={scoring.failing_value === true ? 'yes' : scoring.failing_value === false ? 'no' : 'none'}
              onChange={(value) => setScoring({ ...scoring, failing_value: value === 'yes' ? true : value === 'no' ? false : null })}
              data={[
                { value: 'none', label: t('checklists.scoring.failNone') },
                { value: 'yes', label: t('checklists.scoring.yes') },
                { value: 'no', label: t('checklists.scoring.no') },
              ]}
              data-testid="failing-answer"
            />
          </div>
        </Stack>
      )}
      {scoring?.kind === 'range' && (
        <Group gap="sm" data-testid="scoring-range">
          <NumberInput label={t('checklists.scoring.min')} w={110} value={scoring.min ?? ''} onChange={(value) => setScoring({ ...scoring, min: optionalNum(value) })} data-testid="range-min" />
          <NumberInput label={t('checklists.scoring.max')} w={110} value={scoring.max ?? ''} onChange={(value) => setScoring({ ...scoring, max: optionalNum(value) })} data-testid="range-max" />
          <NumberInput label={t('checklists.scoring.scoreIn')} min={0} w={130} value={scoring.score_in} onChange={(value) => setScoring({ ...scoring, score_in: num(value) })} />
          <NumberInput label={t('checklists.scoring.scoreOut')} min={0} w={130} value={scoring.score_out} onChange={(value) => setScoring({ ...scoring, score_out: num(value) })} />
        </Group>
      )}
      {scoring?.kind === 'stars' && (
        <Text size="sm" c="dimmed" data-testid="scoring-stars">
          {t('checklists.scoring.starsHelp', { max: scoring.max ?? 5 })}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert" data-testid="item-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** "Mover a sección": the sections a field can go to. */
export function MoveToSection({ sections, current, onMove }: { sections: { id: string; title: string }[]; current: string; onMove: (target: string) => void }) {
  const { t } = useTranslation();
  if (sections.length < 2) return null;
  return (
    <Select
      label={t('checklists.builder.moveTo')}
      data={sections.map((section, index) => ({ value: section.id, label: section.title || t('checklists.builder.sectionN', { n: index + 1 }) }))}
      value={current}
      onChange={(value) => value && value !== current && onMove(value)}
      allowDeselect={false}
      maw={320}
      data-testid="move-to-section"
    />
  );
}
