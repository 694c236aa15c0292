import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImportFlow } from '../../../shared/imports/import-flow.tsx';
import type { ImportFamily } from '../../../shared/imports/imports-api.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { NoAccess } from '../../../shared/ui/no-access.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { catalogKeys } from '../api/catalog-keys.ts';
import { ORGANIZATION_API, type CatalogDef } from '../lib/catalog-defs.ts';
import { useCatalogAccess } from './use-catalog-access.ts';

/** `/imports/{catalogue}/…` of decision 008: the catalogue's import family. */
export function catalogImportFamily(def: CatalogDef): ImportFamily {
  // what it loads is on the catalogues' lists and in the directory's pickers (other catalogues show its names)
  return { baseUrl: `${ORGANIZATION_API}/imports/${def.importKind}`, kind: def.importKind, changes: [catalogKeys.all, ['directory']] };
}

/** /{catalogue}/import and /{catalogue}/import/:jobId: the catalogue's bulk load (shared import flow). */
export function CatalogImportPage({ def, jobId }: { def: CatalogDef; jobId?: string | undefined }) {
  const { t } = useTranslation();
  const { canWrite } = useCatalogAccess();
  const family = catalogImportFamily(def);

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
