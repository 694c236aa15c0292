import { useEffect, useState, type ReactNode } from 'react';
import { CloseButton, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

/** The texts of a {@link ListToolbar}, in the words of the list's own area. */
export type ListToolbarLabels<S extends string> = {
  /** The search box's name (its aria-label, and its placeholder unless `placeholder` is given). */
  search: string;
  /** A shorter hint inside the box, where `search` would be cut at a phone's width. */
  placeholder?: string;
  clearSearch: string;
  /** The name of the state filter (its aria-label). */
  status: string;
  /** One option of the state filter: "Activos", "Eliminados", "Todos". */
  option: (status: S) => string;
};

/**
 * Above a paged list: a search box that settles after 300 ms and follows the address (back
 * button, a link), the state filter (active / deleted / all) and, between them, more filters.
 */
export function ListToolbar<S extends string>({
  search,
  status,
  statuses,
  onSearch,
  onStatus,
  labels,
  searchTestId,
  statusTestId,
  children,
}: {
  search: string;
  status: S;
  statuses: readonly S[];
  onSearch: (search: string) => void;
  onStatus: (status: S) => void;
  labels: ListToolbarLabels<S>;
  searchTestId: string;
  statusTestId?: string;
  /** More filters (locations: the venue). */
  children?: ReactNode;
}) {
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  const [debounced] = useDebouncedValue(text, 300);
  // The address changed under the box (back button, a link): follow it.
  if (search !== shown) {
    setShown(search);
    if (search.trim() !== text.trim()) setText(search);
  }
  useEffect(() => {
    if (debounced.trim() !== search.trim()) onSearch(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled text searches
  }, [debounced]);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        placeholder={labels.placeholder ?? labels.search}
        aria-label={labels.search}
        leftSection={<IconSearch size={16} />}
        rightSection={text ? <CloseButton size="sm" aria-label={labels.clearSearch} onClick={() => setText('')} /> : null}
        style={{ flex: '1 1 16rem' }}
        data-testid={searchTestId}
      />
      {children}
      <SegmentedControl
        value={status}
        onChange={(value) => onStatus(value as S)}
        data={statuses.map((value) => ({ value, label: labels.option(value) }))}
        aria-label={labels.status}
        data-testid={statusTestId}
      />
    </Group>
  );
}
