import { Anchor, Badge, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBraces } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@faena/domain/forms/schema';
import { isTruthy } from '@faena/domain/forms/show-if';
import { isInputField } from '@faena/domain/forms/values';
import { isHttpError } from '../../api/http-error.ts';
import { useFormSelector, type FormState } from '../form-store.ts';
import { useEvaluateExpression } from './evaluate-expression.ts';
import { useBuilder } from './builder-context.ts';
import { listAt, type ListPath } from './draft.ts';
import type { FieldUpdate } from './field-settings.tsx';

const selectValues = (state: FormState) => state.values;

/** The names of the sub-forms above a list, from their ids. */
function scopeNames(fields: readonly FormField[], listPath: ListPath): string[] {
  const names: string[] = [];
  let list = fields;
  for (const id of listPath) {
    const parent = list.find((field) => field.id === id);
    if (!parent || !isInputField(parent)) break;
    names.push(parent.name);
    list = parent.type === 'form' ? parent.fields : [];
  }
  return names;
}

/**
 * The field's show_if condition (the documented expression language, show-if.md), checked live
 * by POST /api/logic-parser/v3/evaluate against the answers typed in the preview.
 */
export function ShowIfEditor({ field, listPath, problem, update }: { field: FormField; listPath: ListPath; problem: string | undefined; update: FieldUpdate }) {
  const { t } = useTranslation();
  const { fields, previewStore } = useBuilder();
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const expression = field.show_if ?? '';
  const allValues = useFormSelector(previewStore, selectValues);
  const scope = useMemo(() => scopeNames(fields, listPath), [fields, listPath]);
  const values = useMemo(() => {
    let current: unknown = allValues;
    for (const name of scope) current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[name] : undefined;
    return typeof current === 'object' && current !== null && !Array.isArray(current) ? (current as Record<string, unknown>) : {};
  }, [allValues, scope]);
  const [debouncedExpression] = useDebouncedValue(expression, 300);
  const [debouncedValues] = useDebouncedValue(values, 300);
  const hasExpression = debouncedExpression.trim() !== '';
  const evaluation = useEvaluateExpression(debouncedExpression, debouncedValues, hasExpression);
  const others = listAt(fields, listPath).filter((candidate) => candidate.id !== field.id && isInputField(candidate));

  const insert = (text: string) => {
    const start = input?.selectionStart ?? expression.length;
    const end = input?.selectionEnd ?? expression.length;
    const next = `${expression.slice(0, start)}${text}${expression.slice(end)}`;
    update((current) => ({ ...current, show_if: next }));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const serverProblem = evaluation.error && isHttpError(evaluation.error) ? (evaluation.error.detail ?? evaluation.error.code) : evaluation.error ? t('formBuilder.showIf.checkFailed') : undefined;
  return (
    <Stack gap={6}>
      <TextInput
        ref={setInput}
        label={t('formBuilder.showIf.label')}
        description={t('formBuilder.showIf.hint')}
        placeholder={'tipo == "incidente" and cantidad > 3'}
        value={expression}
        onChange={(event) => update((current) => ({ ...current, show_if: event.currentTarget.value || null }))}
        error={problem}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="setting-show-if"
        rightSectionWidth={40}
        rightSection={
          others.length > 0 ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Anchor component="button" type="button" aria-label={t('formBuilder.showIf.insertField')} c="dimmed" style={{ display: 'flex' }}>
                  <IconBraces size={18} />
                </Anchor>
              </Menu.Target>
              <Menu.Dropdown mah={280} style={{ overflowY: 'auto' }}>
                <Menu.Label>{t('formBuilder.showIf.insertField')}</Menu.Label>
                {others.map((other) =>
                  isInputField(other) ? (
                    <Menu.Item key={String(other.id)} onClick={() => insert(/^[\p{L}_][\p{L}\p{N}_]*$/u.test(other.name) ? other.name : `\`${other.name}\``)}>
                      <Text size="sm">{other.label || other.name}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {other.name}
                      </Text>
                    </Menu.Item>
                  ) : null,
                )}
              </Menu.Dropdown>
            </Menu>
          ) : undefined
        }
      />
      {hasExpression && !problem && (
        <Group gap="xs" data-testid="show-if-result">
          {evaluation.isFetching && !evaluation.data ? (
            <Text size="xs" c="dimmed">
              {t('formBuilder.showIf.checking')}
            </Text>
          ) : serverProblem ? (
            <Text size="xs" c="red.9" data-testid="show-if-problem">
              {serverProblem}
            </Text>
          ) : evaluation.data ? (
            <>
              <Badge size="sm" variant="light" color={isTruthy(evaluation.data.result) ? 'faena' : 'gray'}>
                {isTruthy(evaluation.data.result) ? t('formBuilder.showIf.shown') : t('formBuilder.showIf.hidden')}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('formBuilder.showIf.withPreview')}
              </Text>
            </>
          ) : null}
        </Group>
      )}
    </Stack>
  );
}
