import { Button, Menu, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldPicker, type FieldType } from '@faena/domain/forms/field-types';
import { useBuilder } from './builder-context.ts';
import { FieldTypeIcon } from './field-type-icon.tsx';
import classes from './form-builder.module.css';

/** The types this tenant may add, by UI group (spec §3: flags gate some, some are hidden). */
const NONE: readonly FieldType[] = [];

export function usePickerGroups(exclude: readonly FieldType[] = NONE) {
  const { flags, disabledModules } = useBuilder();
  return useMemo(
    () =>
      fieldPicker({ flags, disabledModules })
        .map((group) => ({ ...group, types: group.types.filter((type) => !exclude.includes(type)) }))
        .filter((group) => group.types.length > 0),
    [flags, disabledModules, exclude],
  );
}

/** The desktop column: every group with its types; a click adds the field after the open one. */
export function FieldPickerPanel({ onPick }: { onPick: (type: FieldType) => void }) {
  const { t } = useTranslation();
  const groups = usePickerGroups();
  return (
    <nav aria-label={t('formBuilder.picker.title')} className={classes.picker}>
      <Text fw={650} size="sm" mb="xs">
        {t('formBuilder.picker.title')}
      </Text>
      <ScrollArea.Autosize mah="calc(100vh - 220px)" type="auto" offsetScrollbars>
        <Stack gap="sm" pb="sm">
          {groups.map((group) => (
            <div key={group.group}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
                {t(`formBuilder.groups.${group.group}`)}
              </Text>
              <div className={classes.pickerGrid}>
                {group.types.map((type) => (
                  <UnstyledButton key={type} className={classes.pickerItem} onClick={() => onPick(type)} data-testid={`pick-${type}`}>
                    <FieldTypeIcon type={type} />
                    <span>{t(`formBuilder.types.${type}`)}</span>
                  </UnstyledButton>
                ))}
              </div>
            </div>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </nav>
  );
}

/** The same choice as a menu (mobile, and inside sub-forms). */
export function FieldPickerMenu({
  onPick,
  exclude,
  label,
  variant = 'light',
  testId,
}: {
  onPick: (type: FieldType) => void;
  exclude?: readonly FieldType[];
  label?: string;
  variant?: 'light' | 'default' | 'filled';
  testId?: string;
}) {
  const { t } = useTranslation();
  const groups = usePickerGroups(exclude);
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={260} keepMounted={false}>
      <Menu.Target>
        <Button variant={variant} leftSection={<IconPlus size={16} />} data-testid={testId}>
          {label ?? t('formBuilder.picker.add')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={360} type="auto">
          {groups.map((group, index) => (
            <Fragment key={group.group}>
              {index > 0 && <Menu.Divider />}
              <Menu.Label>{t(`formBuilder.groups.${group.group}`)}</Menu.Label>
              {group.types.map((type) => (
                <Menu.Item key={type} leftSection={<FieldTypeIcon type={type} size={16} />} onClick={() => onPick(type)} data-testid={`pick-${type}`}>
                  {t(`formBuilder.types.${type}`)}
                </Menu.Item>
              ))}
            </Fragment>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
