import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../shared/ui/list-footer.tsx';
import { ListToolbar } from '../../../shared/ui/list-toolbar.tsx';
import { NoMatches } from '../../../shared/ui/no-matches.tsx';
import { STATUS_FILTERS, type StatusFilter } from '../api/data-source-keys.ts';

/** A search box and the active / deleted / all filter, in the data sources' words. */
export function SearchAndStatus({
  search,
  status,
  onSearch,
  onStatus,
  label,
  testId,
}: {
  search: string;
  status: StatusFilter;
  onSearch: (search: string) => void;
  onStatus: (status: StatusFilter) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ListToolbar
      search={search}
      status={status}
      statuses={STATUS_FILTERS}
      onSearch={onSearch}
      onStatus={onStatus}
      labels={{ search: label, clearSearch: t('dataSources.list.clearSearch'), status: t('dataSources.status.label'), option: (value) => t(`dataSources.status.${value}`) }}
      searchTestId={testId}
    />
  );
}

/** "1–20 de 57" and the pages, in the data sources' words. */
export function Pager({ count, page, pageSize, onPage }: { count: number; page: number; pageSize: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <ListFooter
      count={count}
      page={page}
      pageSize={pageSize}
      onPage={onPage}
      labels={{ range: (range) => t('dataSources.list.range', range), page: (item) => t('dataSources.list.page', { page: item }), control: (control) => t(`dataSources.list.pageControl.${control}`) }}
    />
  );
}

/** A search that found nothing, in the data sources' words: look among the deleted ones too (from the active ones), or clear the search. */
export function SearchFoundNothing({
  search,
  status,
  onSearch,
  onStatus,
  testId,
}: {
  search: string;
  status: StatusFilter;
  onSearch: (search: string) => void;
  onStatus: (status: StatusFilter) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <NoMatches
      text={t('dataSources.list.noMatches', { search: search.trim() })}
      searchAll={status === 'active' ? { label: t('dataSources.list.searchAll'), onClick: () => onStatus('all') } : undefined}
      onClear={() => onSearch('')}
      testId={testId}
    />
  );
}
