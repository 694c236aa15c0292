import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@faena/domain/forms/schema';
import { useBuilder } from './builder-context.ts';
import { idKey, moveField, type ListPath } from './draft.ts';
import { FieldCard } from './field-card.tsx';

/**
 * One list of fields (the form, or a sub-form) in the builder: drag a card by its handle to
 * reorder (pointer, touch or keyboard: space to lift, arrows to move), click a card to configure.
 */
export function FieldListEditor({ fields, listPath }: { fields: readonly FormField[]; listPath: ListPath }) {
  const { t } = useTranslation();
  const { setFields } = useBuilder();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = fields.map((field) => idKey(field.id));

  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    setFields((current) => moveField(current, listPath, from, to));
  };

  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="builder-empty">
        {listPath.length === 0 ? t('formBuilder.list.empty') : t('formBuilder.list.emptySubform')}
      </Text>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('formBuilder.dnd.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('formBuilder.dnd.picked', { position: ids.indexOf(String(active.id)) + 1 }),
          onDragOver: ({ over }) => (over ? t('formBuilder.dnd.over', { position: ids.indexOf(String(over.id)) + 1 }) : undefined),
          onDragEnd: ({ over }) => (over ? t('formBuilder.dnd.dropped', { position: ids.indexOf(String(over.id)) + 1 }) : undefined),
          onDragCancel: () => t('formBuilder.dnd.cancelled'),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" data-testid={listPath.length === 0 ? 'builder-fields' : 'builder-subfields'}>
          {fields.map((field, index) => (
            <SortableCard key={idKey(field.id)} sortId={idKey(field.id)} field={field} listPath={listPath} index={index} count={fields.length} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableCard({ sortId, field, listPath, index, count }: { sortId: string; field: FormField; listPath: ListPath; index: number; count: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sortId });
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 5 : undefined, position: 'relative' }}>
      <FieldCard field={field} listPath={listPath} index={index} count={count} dragHandle={{ setElement: setActivatorNodeRef, attributes, listeners }} isDragging={isDragging} />
    </div>
  );
}
