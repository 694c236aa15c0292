import { Alert, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useInvestment } from '../api/assets-api.ts';
import { formatDate, formatMoney } from '../lib/format.ts';

/** /assets/{id}/investment: purchase, maintenance spend per month, straight-line depreciation (charts and a table). */
export function InvestmentTab({ assetId }: { assetId: string }) {
  const { t, i18n } = useTranslation();
  const investment = useInvestment(assetId);
  if (investment.isPending) return <Loader />;
  if (investment.isError) return <Alert color="red">{t('assets.common.loadError')}</Alert>;
  const data = investment.data;
  const money = (value: number | null) => formatMoney(value, i18n.language);
  return (
    <Stack gap="lg" data-testid="investment">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={t('assets.fields.purchaseCost')} value={money(data.purchase_cost)} />
        <Figure label={t('assets.fields.purchaseDate')} value={formatDate(data.purchase_date, i18n.language)} />
        <Figure label={t('assets.investment.spendTotal')} value={money(data.maintenance_spend_total)} />
        <Figure label={t('assets.investment.bookValue')} value={money(data.current_book_value)} testId="current-book-value" />
      </SimpleGrid>

      <Card withBorder padding="md">
        <Title order={2} fz="md" mb="sm">
          {t('assets.investment.spendByMonth')}
        </Title>
        {data.maintenance_spend_by_month.length === 0 ? (
          <Text c="dimmed">{t('assets.investment.noSpend')}</Text>
        ) : (
          <>
            <ResponsiveContainer width="100%" height={220}>
              <BarChart data={data.maintenance_spend_by_month}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" fontSize={12} />
                <YAxis fontSize={12} width={70} tickFormatter={(value: number) => money(value)} />
                <Tooltip formatter={(value) => money(Number(value))} />
                <Bar dataKey="cost" name={t('assets.investment.spend')} fill="var(--mantine-color-faena-6)" radius={[4, 4, 0, 0]} maxBarSize={48} />
              </BarChart>
            </ResponsiveContainer>
            <Table mt="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('assets.investment.month')}</Table.Th>
                  <Table.Th ta="right">{t('assets.investment.spend')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.maintenance_spend_by_month.map((row) => (
                  <Table.Tr key={row.month}>
                    <Table.Td>{row.month}</Table.Td>
                    <Table.Td ta="right">{money(row.cost)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Card>

      <Card withBorder padding="md">
        <Title order={2} fz="md" mb="sm">
          {t('assets.investment.depreciation')}
        </Title>
        {data.depreciation.length === 0 ? (
          <Text c="dimmed">{t('assets.investment.noDepreciation')}</Text>
        ) : (
          <>
            <ResponsiveContainer width="100%" height={220}>
              <LineChart data={data.depreciation}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="year" fontSize={12} />
                <YAxis fontSize={12} width={70} tickFormatter={(value: number) => money(value)} />
                <Tooltip formatter={(value) => money(Number(value))} />
                <Line type="linear" dataKey="book_value" name={t('assets.investment.bookValue')} stroke="var(--mantine-color-faena-7)" strokeWidth={2} />
              </LineChart>
            </ResponsiveContainer>
            <Table.ScrollContainer minWidth={420}>
              <Table mt="sm" striped data-testid="depreciation-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('assets.investment.year')}</Table.Th>
                    <Table.Th ta="right">{t('assets.investment.yearDepreciation')}</Table.Th>
                    <Table.Th ta="right">{t('assets.investment.accumulated')}</Table.Th>
                    <Table.Th ta="right">{t('assets.investment.bookValue')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.depreciation.map((row) => (
                    <Table.Tr key={row.year}>
                      <Table.Td>{row.year}</Table.Td>
                      <Table.Td ta="right">{money(row.depreciation)}</Table.Td>
                      <Table.Td ta="right">{money(row.accumulated)}</Table.Td>
                      <Table.Td ta="right">{money(row.book_value)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Card>
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder padding="sm">
      <Group gap={0}>
        <Text size="sm" c="dimmed" w="100%">
          {label}
        </Text>
        <Text fw={700} fz="lg" data-testid={testId}>
          {value}
        </Text>
      </Group>
    </Card>
  );
}
