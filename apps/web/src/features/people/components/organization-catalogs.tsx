import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconBuildingWarehouse, IconBriefcase, IconCategory, IconDatabase, IconHierarchy2, IconMapPin, IconMap2, IconBuildingSkyscraper, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCESS, canAccess, type AccessRule } from '../../../shared/access/access.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import classes from './people.module.css';

interface CatalogEntry {
  key: string;
  path: string;
  icon: Icon;
  access: AccessRule;
}

/** The organisation's catalogues, in the order a new administrator fills them in. */
const CATALOGS: readonly CatalogEntry[] = [
  { key: 'positions', path: '/positions', icon: IconHierarchy2, access: ACCESS.positions },
  { key: 'venues', path: '/venues', icon: IconBuildingWarehouse, access: ACCESS.venues },
  { key: 'venueCategories', path: '/venue-categories', icon: IconCategory, access: ACCESS.venues },
  { key: 'locations', path: '/locations', icon: IconMapPin, access: ACCESS.locations },
  { key: 'blueprints', path: '/blueprints', icon: IconMap2, access: ACCESS.blueprints },
  { key: 'businessLines', path: '/business-lines', icon: IconBriefcase, access: ACCESS.businessLines },
  { key: 'companies', path: '/companies', icon: IconBuildingSkyscraper, access: ACCESS.companies },
  { key: 'stores', path: '/stores', icon: IconBuildingStore, access: ACCESS.stores },
  { key: 'dataSources', path: '/fuentes-de-datos', icon: IconDatabase, access: ACCESS.dataSources },
];

/** On /organization: the way to the catalogues the person may open (disabled modules hidden). */
export function OrganizationCatalogs() {
  const { t } = useTranslation();
  const { ctx } = useAccessContext();
  const visible = CATALOGS.filter((entry) => canAccess(entry.access, ctx));
  if (visible.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="organization-catalogs">
      <Stack gap={2}>
        <Title order={2} fz="lg">
          {t('people.organization.catalogs.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('people.organization.catalogs.description')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {visible.map(({ key, path, icon: EntryIcon }) => (
          <UnstyledButton key={key} component={Link} to={path} className={classes.card} data-testid={`catalog-link-${key}`}>
            <Paper withBorder p="sm" radius="md" h="100%">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={34} radius="md" aria-hidden="true" style={{ flex: 'none' }}>
                  <EntryIcon size={20} stroke={1.7} />
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{t(`people.organization.catalogs.${key}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`people.organization.catalogs.${key}.description`)}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
