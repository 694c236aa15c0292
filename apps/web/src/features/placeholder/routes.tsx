import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { placeholderLocales } from './locales/index.ts';

export const locales = [placeholderLocales];

/** /lorem-ipsum/{title}/{id} — the spec's placeholder screen: it shows what it was opened with. */
export function LoremIpsumRoute() {
  const { t } = useTranslation();
  const { title = '', id = '' } = useParams();
  return (
    <>
      <PageHeader title={title} description={t('placeholder.description')} />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{t('placeholder.badge')}</Badge>
            <Text size="sm" c="dimmed">
              id: {id}
            </Text>
          </Group>
          <Text>{t('placeholder.body')}</Text>
        </Stack>
      </Paper>
    </>
  );
}
