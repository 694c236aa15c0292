import { Autocomplete, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLink, TLinkIcon } from '@faena/contracts';
import { LINK_ICONS } from '@faena/contracts/links';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useSaveLink } from '../api/links.ts';
import { LinkIcon } from './link-icon.tsx';

const isWebAddress = (value: string) => {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** Create or edit a link (in a modal): title, address, icon, category and audience. */
export function LinkForm({ link, categories, onDone }: { link?: TLink | undefined; categories: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveLink(link?.id);
  const [title, setTitle] = useState(link?.title ?? '');
  const [url, setUrl] = useState(link?.url ?? 'https://');
  const [icon, setIcon] = useState<TLinkIcon>(link?.icon ?? 'link');
  const [category, setCategory] = useState(link?.category ?? '');
  const [audience, setAudience] = useState<string[]>(link?.audience ? [link.audience.id] : []);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const local: Record<string, string> = {};
    if (!title.trim()) local.title = t('links.form.required');
    if (!isWebAddress(url)) local.url = t('links.form.badUrl');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    save.mutate(
      { title: title.trim(), url: url.trim(), icon, category: category.trim() || null, audience_id: audience[0] ?? null },
      {
        onSuccess: () => {
          toast.show(link ? t('links.form.saved') : t('links.form.created'));
          onDone();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (!fields) return toast.error(t('links.form.saveError'));
          setErrors(
            Object.fromEntries(
              Object.entries(fields).map(([field, value]) => [
                field,
                field === 'url' ? t('links.form.badUrl') : value.reason === 'unknown-reference' ? t('links.form.unknownAudience') : value.texts.join(' '),
              ]),
            ),
          );
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('links.form.title')}
        required
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={errors.title}
        maxLength={200}
        data-autofocus
        data-testid="link-title"
      />
      <TextInput label={t('links.form.url')} required type="url" value={url} onChange={(event) => setUrl(event.currentTarget.value)} error={errors.url} data-testid="link-url" />
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={t('links.form.icon')}
          value={icon}
          onChange={(value) => setIcon((value as TLinkIcon | null) ?? 'link')}
          data={LINK_ICONS.map((value) => ({ value, label: t(`links.icons.${value}`) }))}
          leftSection={<LinkIcon icon={icon} size={16} />}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Autocomplete
          label={t('links.form.category')}
          data-testid="link-category"
          placeholder={t('links.form.categoryPlaceholder')}
          value={category}
          onChange={setCategory}
          data={categories}
          maxLength={100}
          error={errors.category}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <EntityPicker
        kind="audiences"
        label={t('links.form.audience')}
        description={t('links.form.audienceHelp')}
        placeholder={t('links.form.audiencePlaceholder')}
        value={audience}
        onChange={setAudience}
        maxValues={1}
        error={errors.audience_id}
      />
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onDone}>
          {t('links.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending} data-testid="save-link">
          {t('links.form.save')}
        </Button>
      </Group>
    </Stack>
  );
}
