import { useTranslation } from 'react-i18next';
import { ListFooter as SharedListFooter } from '../../../shared/ui/list-footer.tsx';

/**
 * "1–20 de 57" and the pages below a catalogue's list, in the catalogues' words; `roots`: the
 * locations' tree, paged by its top level ("1–10 de 10 ubicaciones de primer nivel", with their
 * children shown beneath).
 */
export function ListFooter({ count, page, pageSize, onPage, roots = false }: { count: number; page: number; pageSize: number; onPage: (page: number) => void; roots?: boolean }) {
  const { t } = useTranslation();
  return (
    <SharedListFooter
      count={count}
      page={page}
      pageSize={pageSize}
      onPage={onPage}
      labels={{
        range: (range) => t(roots ? 'catalogs.list.rootsRange' : 'catalogs.list.range', range),
        page: (item) => t('catalogs.list.page', { page: item }),
        control: (control) => t(`catalogs.list.pageControl.${control}`),
      }}
    />
  );
}
