import { useState } from 'react';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { openModal } from '../../../shared/ui/modal.tsx';

/** A modal asking for one text (rename, new folder); resolves null when cancelled. */
export function promptText(options: { id: string; title: string; label: string; initial: string; confirmLabel: string; cancelLabel: string }): Promise<string | null> {
  return openModal<string | null>({
    id: options.id,
    title: options.title,
    size: 'sm',
    dismissValue: null,
    render: (answer) => <TextForm {...options} answer={answer} />,
  });
}

function TextForm({ label, initial, confirmLabel, cancelLabel, answer }: { label: string; initial: string; confirmLabel: string; cancelLabel: string; answer: (value: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) answer(value.trim());
      }}
    >
      <Stack gap="lg">
        <TextInput label={label} value={value} onChange={(event) => setValue(event.currentTarget.value)} data-autofocus required maxLength={300} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => answer(null)}>
            {cancelLabel}
          </Button>
          <Button type="submit" disabled={!value.trim()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A modal choosing a destination folder; resolves undefined when cancelled, null for the root. */
export function promptFolder(options: {
  id: string;
  title: string;
  label: string;
  choices: { value: string; label: string }[];
  initial: string;
  confirmLabel: string;
  cancelLabel: string;
}): Promise<string | undefined> {
  return openModal<string | undefined>({
    id: options.id,
    title: options.title,
    size: 'sm',
    dismissValue: undefined,
    render: (answer) => <FolderForm {...options} answer={answer} />,
  });
}

function FolderForm({
  label,
  choices,
  initial,
  confirmLabel,
  cancelLabel,
  answer,
}: {
  label: string;
  choices: { value: string; label: string }[];
  initial: string;
  confirmLabel: string;
  cancelLabel: string;
  answer: (value: string | undefined) => void;
}) {
  const [value, setValue] = useState<string>(initial);
  return (
    <Stack gap="lg">
      <Select label={label} data={choices} value={value} onChange={(next) => setValue(next ?? initial)} allowDeselect={false} searchable comboboxProps={{ withinPortal: true }} data-autofocus />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => answer(undefined)}>
          {cancelLabel}
        </Button>
        <Button onClick={() => answer(value)}>{confirmLabel}</Button>
      </Group>
    </Stack>
  );
}
