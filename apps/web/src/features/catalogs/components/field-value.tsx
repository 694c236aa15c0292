import { Anchor, Badge, Group, Image, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UPLOAD_BASE } from '@faena/contracts/documents';
import { fileDownloadLink } from '@faena/domain/forms/files';
import { canAccess } from '../../../shared/access/access.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useFileUrl } from '../../../shared/uploads/index.ts';
import { useCatalogItem, useCatalogItems } from '../api/get-catalog-item.ts';
import { CATALOGS, type CatalogKey, type CatalogRecord, type FieldDef } from '../lib/catalog-defs.ts';
import { valueText } from '../lib/form-model.ts';
import { countryName, utcOffset } from '../lib/places.ts';
import { useCatalogAccess } from './use-catalog-access.ts';

function Empty() {
  return <Text c="dimmed">—</Text>;
}

/** A referenced row by name, linked to its page when the person may open it. */
function RefName({ catalog, id, fallback }: { catalog: CatalogKey; id: string; fallback?: string | null }) {
  const def = CATALOGS[catalog];
  const { ctx } = useCatalogAccess();
  const item = useCatalogItem(def, fallback ? null : id);
  const name = fallback ?? item.data?.name;
  if (!name) return item.isLoading ? <Loader size={14} /> : <Text c="dimmed">{id}</Text>;
  return canAccess(def.access, ctx) ? (
    <Anchor component={Link} to={`${def.path}/${id}`} underline="hover">
      {name}
    </Anchor>
  ) : (
    <Text>{name}</Text>
  );
}

function RefNames({ catalog, ids }: { catalog: CatalogKey; ids: string[] }) {
  const items = useCatalogItems(CATALOGS[catalog], ids);
  return (
    <Group gap={6}>
      {ids.map((id, index) => (
        <Badge key={id} variant="light" color={items[index]?.data?.is_active === false ? 'gray' : undefined} tt="none">
          {items[index]?.data?.name ?? (items[index]?.isLoading ? '…' : id)}
        </Badge>
      ))}
    </Group>
  );
}

function StoredImage({ id, alt }: { id: string; alt: string }) {
  const { t } = useTranslation();
  const { url, error } = useFileUrl(fileDownloadLink(UPLOAD_BASE, id));
  if (error) return <Text c="red">{t('catalogs.detail.imageError')}</Text>;
  if (!url) return <Loader size="sm" />;
  return <Image src={url} alt={alt} mah={240} w="auto" maw="100%" radius="md" fit="contain" data-testid="venue-image" />;
}

/** How a field of a record reads on its detail page. */
export function FieldValue({ field, record }: { field: FieldDef; record: CatalogRecord }) {
  const { t } = useTranslation();
  const value = record[field.name];
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <Empty />;
  switch (field.type) {
    case 'country':
      return <Text>{countryName(String(value), currentLanguage())}</Text>;
    case 'timezone':
      return (
        <Text>
          {String(value)}{' '}
          <Text span c="dimmed">
            ({utcOffset(String(value))})
          </Text>
        </Text>
      );
    case 'decimal':
      return <Text>{field.name === 'gla' ? t('catalogs.detail.area', { value: new Intl.NumberFormat(currentLanguage()).format(Number(value)) }) : String(value)}</Text>;
    case 'ref': {
      const fallback = typeof record[`${field.name}_name`] === 'string' ? (record[`${field.name}_name`] as string) : null;
      return <RefName catalog={field.ref!} id={String(value)} fallback={fallback} />;
    }
    case 'refs':
      return <RefNames catalog={field.ref!} ids={(value as unknown[]).map(String)} />;
    case 'image':
      return <StoredImage id={String(value)} alt={t('catalogs.detail.imageOf', { name: record.name })} />;
    case 'keyValue': {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) return <Empty />;
      return (
        <Table withTableBorder withColumnBorders fz="sm" maw={560} data-testid="extra-data-view">
          <Table.Tbody>
            {entries.map(([key, item]) => (
              <Table.Tr key={key}>
                <Table.Th w="40%">{key}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>{valueText(item)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
    }
    case 'textarea':
      return <Text style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</Text>;
    default:
      return <Text style={{ wordBreak: 'break-word' }}>{String(value)}</Text>;
  }
}
