import { Autocomplete } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NavItem } from '../../shared/navigation/nav-items.ts';

/** Finds a section of the app by name (the menu entries plus the personal pages) and goes there. */
export function SearchBox({ items, extra }: { items: readonly NavItem[]; extra: readonly { label: string; to: string }[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const targets = useMemo(() => {
    const list = [...items.map((item) => ({ label: t(item.labelKey), to: item.to })), ...extra];
    const seen = new Set<string>();
    return list.filter((entry) => (seen.has(entry.label) ? false : (seen.add(entry.label), true)));
  }, [items, extra, t]);

  return (
    <Autocomplete
      aria-label={t('shell.search')}
      placeholder={t('shell.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      data={targets.map((entry) => entry.label)}
      value={value}
      onChange={setValue}
      limit={8}
      radius="xl"
      onOptionSubmit={(label) => {
        const target = targets.find((entry) => entry.label === label);
        setValue('');
        if (target) void navigate(target.to);
      }}
      comboboxProps={{ withinPortal: true }}
      data-testid="search-box"
    />
  );
}
