import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { ActionIcon, Badge, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconCopy, IconEye, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@faena/domain/forms/schema';
import { isInputField } from '@faena/domain/forms/values';
import { confirm } from '../../ui/modal.tsx';
import { pathKey, useBuilder } from './builder-context.ts';
import { copyField, hasProblemsUnder, insertField, listAt, moveField, removeField, type ListPath } from './draft.ts';
import { FieldSettings } from './field-settings.tsx';
import { FieldTypeIcon } from './field-type-icon.tsx';
import classes from './form-builder.module.css';

interface DragHandle {
  setElement: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A field of the builder's list: its summary, and its settings when open. */
export function FieldCard({
  field,
  listPath,
  index,
  count,
  dragHandle: { setElement, attributes, listeners },
  isDragging,
}: {
  field: FormField;
  listPath: ListPath;
  index: number;
  count: number;
  dragHandle: DragHandle;
  isDragging: boolean;
}) {
  const { t } = useTranslation();
  const { fields, selected, select, setFields, problems, nextId, fieldExtras } = useBuilder();
  const ids = [...listPath, field.id];
  const key = pathKey(ids);
  const isOpen = selected === key;
  // A sub-form stays open while one of its fields is.
  const isExpanded = isOpen || (selected?.startsWith(`${key}/`) ?? false);
  const hasProblems = hasProblemsUnder(problems, ids);
  const title = isInputField(field) ? field.label || field.name : plainText(field.text) || t('formBuilder.types.display_text');

  const remove = async () => {
    const ok = await confirm({
      id: 'builder-remove-field',
      title: t('formBuilder.card.removeTitle'),
      message: t('formBuilder.card.removeMessage', { label: title }),
      confirmLabel: t('formBuilder.card.remove'),
      cancelLabel: t('common.cancel'),
      danger: true,
    }).catch(() => false);
    if (!ok) return;
    setFields((current) => removeField(current, listPath, field.id));
    if (isOpen) select(null);
  };
  const duplicate = () => {
    const copy = copyField(field, nextId, listAt(fields, listPath));
    setFields((current) => insertField(current, listPath, copy, field.id));
    select(pathKey([...listPath, copy.id]));
  };

  return (
    <Paper
      withBorder
      radius="md"
      className={classes.card}
      data-open={isOpen || undefined}
      data-dragging={isDragging || undefined}
      data-problem={hasProblems || undefined}
      data-builder-key={key}
      data-testid={`builder-card-${isInputField(field) ? field.name : String(field.id)}`}
    >
      <Group gap={6} wrap="nowrap" className={classes.cardHeader}>
        <ActionIcon ref={setElement} variant="subtle" color="gray" className={classes.handle} aria-label={t('formBuilder.card.drag', { label: title })} {...attributes} {...listeners}>
          <IconGripVertical size={18} />
        </ActionIcon>
        <UnstyledButton className={classes.cardTitle} onClick={() => select(isOpen ? null : key)} aria-expanded={isExpanded} data-testid="builder-card-toggle">
          <Group gap={8} wrap="nowrap">
            <span className={classes.typeIcon}>
              <FieldTypeIcon type={field.type} />
            </span>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end">
                {title}
                {isInputField(field) && field.required && (
                  <Text span c="red.8" ml={4} aria-label={t('formBuilder.card.required')}>
                    *
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {t(`formBuilder.types.${field.type}`)}
                {isInputField(field) ? ` · ${field.name}` : ''}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
        <Group gap={2} wrap="nowrap" className={classes.cardBadges}>
          {hasProblems && (
            <Tooltip label={t('formBuilder.card.problems')} withArrow>
              <IconAlertCircle size={18} color="var(--mantine-color-red-8)" aria-label={t('formBuilder.card.problems')} />
            </Tooltip>
          )}
          {typeof field.show_if === 'string' && field.show_if.trim() !== '' && (
            <Tooltip label={t('formBuilder.card.conditional')} withArrow>
              <IconEye size={18} color="var(--mantine-color-faena-8)" aria-label={t('formBuilder.card.conditional')} />
            </Tooltip>
          )}
          {isInputField(field) && field.skippable && (
            <Badge size="xs" variant="light" color="gray" visibleFrom="sm">
              {t('formBuilder.card.skippable')}
            </Badge>
          )}
        </Group>
        <Group gap={0} wrap="nowrap" className={classes.cardActions}>
          <ActionIcon variant="subtle" color="gray" aria-label={t('formBuilder.card.up')} disabled={index === 0} onClick={() => setFields((current) => moveField(current, listPath, index, index - 1))}>
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('formBuilder.card.down')}
            disabled={index === count - 1}
            onClick={() => setFields((current) => moveField(current, listPath, index, index + 1))}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label={t('formBuilder.card.duplicate')} onClick={duplicate}>
            <IconCopy size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('formBuilder.card.remove')} onClick={() => void remove()} data-testid="builder-card-remove">
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {isExpanded && (
        <div className={classes.cardBody}>
          <FieldSettings field={field} listPath={listPath} />
          {fieldExtras && listPath.length === 0 && fieldExtras(field)}
        </div>
      )}
    </Paper>
  );
}
