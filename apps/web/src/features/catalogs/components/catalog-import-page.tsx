import { useEffect } from 'react';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImportFlow } from '../../../shared/imports/import-flow.tsx';
import { useImportJob, type ImportFamily } from '../../../shared/imports/imports-api.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { NoAccess } from '../../../shared/ui/no-access.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { catalogKeys } from '../api/catalog-keys.ts';
import { ORGANIZATION_API, type CatalogDef } from '../lib/catalog-defs.ts';
import { useCatalogAccess } from './use-catalog-access.ts';

/** `/imports/{catalogue}/…` of decision 008: the catalogue's import family. */
export function catalogImportFamily(def: CatalogDef): ImportFamily {
  return { baseUrl: `${ORGANIZATION_API}/imports/${def.importKind}`, kind: def.importKind };
}

/** /{catalogue}/import and /{catalogue}/import/:jobId: the catalogue's bulk load (shared import flow). */
export function CatalogImportPage({ def, jobId }: { def: CatalogDef; jobId?: string | undefined }) {
  const { t } = useTranslation();
  const { canWrite } = useCatalogAccess();
  const client = useQueryClient();
  const family = catalogImportFamily(def);
  const job = useImportJob(family, canWrite ? (jobId ?? null) : null);
  const applied = job.data?.status === 'APPLY_OK';
  // What the import changed is on the lists as soon as it is applied (other catalogues show its names).
  useEffect(() => {
    if (applied) void client.invalidateQueries({ queryKey: catalogKeys.all });
  }, [applied, client]);

  if (!canWrite) return <NoAccess problem="permission" />;
  const kind = `catalogs.kinds.${def.i18n}`;
  return (
    <Stack gap="md">
      <BackLink to={def.path}>{t(`${kind}.title`)}</BackLink>
      <PageHeader title={t('catalogs.import.title', { kind: t(`${kind}.title`) })} description={t('catalogs.import.description')} />
      <ImportFlow
        family={family}
        jobId={jobId}
        jobHref={(id) => `${def.path}/import/${id}`}
        startHref={`${def.path}/import`}
        done={{ href: def.path, label: t('catalogs.import.seeList', { kind: t(`${kind}.title`) }) }}
        templateName={`plantilla-${def.key}.csv`}
      />
    </Stack>
  );
}
