import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/i18n.ts';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../i18n/languages.ts';

export function LanguageSelect({ label }: { label?: string }) {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <Select
      label={label ?? t('settings.languageLabel')}
      description={t('settings.languageHint')}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      value={value}
      allowDeselect={false}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        if (isLanguage(next)) void changeLanguage(next);
      }}
      maw={360}
      data-testid="language-select"
    />
  );
}
