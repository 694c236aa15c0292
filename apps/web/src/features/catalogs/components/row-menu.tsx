import { Menu } from '@mantine/core';
import { IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowActions } from '../../../shared/ui/row-actions.tsx';
import type { CatalogDef, CatalogRecord } from '../lib/catalog-defs.ts';
import { useActiveToggle } from './use-active-toggle.ts';

/** Edit, delete or restore one row (for those who may write). */
export function RowMenu({ def, record }: { def: CatalogDef; record: Pick<CatalogRecord, 'id' | 'name' | 'is_active'> }) {
  const { t } = useTranslation();
  const { remove, restore } = useActiveToggle(def);
  return (
    <RowActions label={t('catalogs.actions.more', { name: record.name })} testId="row-menu">
      {record.is_active ? (
        <>
          <Menu.Item component={Link} to={`${def.path}/${record.id}/edit`} leftSection={<IconPencil size={16} />}>
            {t('catalogs.actions.edit')}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void remove(record)}>
            {t('catalogs.actions.delete')}
          </Menu.Item>
        </>
      ) : (
        <Menu.Item leftSection={<IconRestore size={16} />} onClick={() => void restore(record)}>
          {t('catalogs.actions.restore')}
        </Menu.Item>
      )}
    </RowActions>
  );
}
