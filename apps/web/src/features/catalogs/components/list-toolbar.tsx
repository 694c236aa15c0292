import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar as SharedListToolbar } from '../../../shared/ui/list-toolbar.tsx';
import { STATUS_FILTERS, type StatusFilter } from '../api/get-catalog-page.ts';

/** Search and the active / deleted / all filter above a catalogue's list, in the catalogues' words. */
export function ListToolbar({
  search,
  status,
  onSearch,
  onStatus,
  searchLabel,
  children,
}: {
  search: string;
  status: StatusFilter;
  onSearch: (search: string) => void;
  onStatus: (status: StatusFilter) => void;
  searchLabel: string;
  /** More filters (locations: the venue). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SharedListToolbar
      search={search}
      status={status}
      statuses={STATUS_FILTERS}
      onSearch={onSearch}
      onStatus={onStatus}
      labels={{
        search: searchLabel,
        placeholder: t('catalogs.list.searchHint'),
        clearSearch: t('catalogs.list.clearSearch'),
        status: t('catalogs.status.label'),
        option: (value) => t(`catalogs.status.${value}`),
      }}
      searchTestId="catalog-search"
      statusTestId="catalog-status"
    >
      {children}
    </SharedListToolbar>
  );
}
