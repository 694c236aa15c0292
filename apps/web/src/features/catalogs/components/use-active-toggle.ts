import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import type { CatalogDef, CatalogRecord } from '../lib/catalog-defs.ts';
import { generalProblem } from '../lib/server-errors.ts';
import { catalogUsageQueryOptions } from '../api/get-catalog-item.ts';
import { useSetCatalogItemActive } from '../api/set-catalog-item-active.ts';
import { usageText } from '../lib/usage-text.ts';
import { problemText } from './problem-text.ts';

/** Delete (soft: is_active false) and restore, each after a confirmation, with a toast for the outcome. */
export function useActiveToggle(def: CatalogDef) {
  const { t } = useTranslation();
  const mutation = useSetCatalogItemActive(def);
  const client = useQueryClient();

  /** The delete question, with what still points at the record when something does. */
  async function deleteMessage(record: Pick<CatalogRecord, 'id' | 'name'>): Promise<string> {
    const message = t('catalogs.delete.message', { name: record.name });
    const usage = await client.fetchQuery(catalogUsageQueryOptions(def, record.id)).catch(() => null);
    const used = usage && usageText(t, usage);
    return used ? `${message} ${t('catalogs.usage.deleteWarning', { used })}` : message;
  }

  async function toggle(record: Pick<CatalogRecord, 'id' | 'name'>, active: boolean): Promise<boolean> {
    const kind = t(`catalogs.kinds.${def.i18n}.one`);
    const ok = await confirm({
      id: `catalog-${active ? 'restore' : 'delete'}`,
      title: active ? t('catalogs.restore.title', { kind }) : t('catalogs.delete.title', { kind }),
      message: active ? t('catalogs.restore.message', { name: record.name }) : await deleteMessage(record),
      confirmLabel: active ? t('catalogs.actions.restore') : t('catalogs.actions.delete'),
      cancelLabel: t('catalogs.actions.cancel'),
      danger: !active,
    }).catch(() => false);
    if (!ok) return false;
    try {
      await mutation.mutateAsync({ id: record.id, active });
      toast.show(active ? t('catalogs.restore.done', { name: record.name }) : t('catalogs.delete.done', { name: record.name }));
      return true;
    } catch (error) {
      toast.error(problemText(t, generalProblem(error)));
      return false;
    }
  }

  return {
    remove: (record: Pick<CatalogRecord, 'id' | 'name'>) => toggle(record, false),
    restore: (record: Pick<CatalogRecord, 'id' | 'name'>) => toggle(record, true),
    isPending: mutation.isPending,
  };
}
