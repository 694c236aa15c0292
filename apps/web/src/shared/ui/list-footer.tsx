import { Group, Pagination, Text } from '@mantine/core';

/** The texts of a {@link ListFooter}, in the words of the list's own area. */
export type ListFooterLabels = {
  /** "1–20 de 57". */
  range: (range: { from: number; to: number; count: number }) => string;
  /** A page button's aria-label: "Página 3". */
  page: (page: number) => string;
  /** The arrows' aria-labels: "Página siguiente". */
  control: (control: 'first' | 'previous' | 'next' | 'last') => string;
};

/** Below a paged list: "1–20 de 57" and the pages (spec forms §3 paged list: count and results). */
export function ListFooter({ count, page, pageSize, onPage, labels }: { count: number; page: number; pageSize: number; onPage: (page: number) => void; labels: ListFooterLabels }) {
  if (count === 0) return null;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="list-range">
        {labels.range({ from, to, count })}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': labels.control(control) })}
          getItemProps={(item) => ({ 'aria-label': labels.page(item) })}
        />
      )}
    </Group>
  );
}
