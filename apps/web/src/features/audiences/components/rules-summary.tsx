import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_RULE_LISTS } from '@faena/domain/audiences';
import type { TAudienceRules } from '@faena/contracts';

/** "2 cargos · 1 sede · 3 personas": what an audience is made of. */
export function RulesSummary({ rules }: { rules: TAudienceRules }) {
  const { t } = useTranslation();
  const parts = AUDIENCE_RULE_LISTS.filter((rule) => rules[rule].length > 0);
  if (parts.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('audiences.rules.none')}
      </Text>
    );
  return (
    <Group gap={6}>
      {parts.map((rule) => (
        <Badge key={rule} variant="light" color="gray" tt="none">
          {t(`audiences.rules.count.${rule}`, { count: rules[rule].length })}
        </Badge>
      ))}
    </Group>
  );
}
