import { Autocomplete, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NavItem } from '../../shared/navigation/nav-items.ts';
import { matchesSection, type Section } from '../../shared/navigation/sections.ts';

interface Target {
  key: string;
  label: string;
  to: string;
}

/**
 * Finds an area of the app by name — the menu entries plus the sections a person looks for (the
 * organisation's profile and catalogues, documents, personal pages) — by its name in the
 * interface language or in the other one, accents or not, and goes there.
 */
export function SearchBox({ items, sections }: { items: readonly NavItem[]; sections: readonly Section[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const targets = useMemo(() => {
    const list: Target[] = [...items, ...sections].map((entry) => ({ key: entry.key, label: t(entry.labelKey), to: entry.to }));
    const seen = new Set<string>();
    return list.filter((entry) => (seen.has(entry.label) ? false : (seen.add(entry.label), true)));
  }, [items, sections, t]);

  const filter: OptionsFilter = ({ options, search, limit }) => {
    const byLabel = new Map(targets.map((target) => [target.label, target]));
    return (options as ComboboxItem[])
      .filter((option) => {
        const target = byLabel.get(option.value);
        return target ? matchesSection(search, target.label, target.key) : false;
      })
      .slice(0, limit);
  };

  return (
    <Autocomplete
      aria-label={t('shell.search')}
      placeholder={t('shell.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      data={targets.map((entry) => entry.label)}
      value={value}
      onChange={setValue}
      filter={filter}
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
