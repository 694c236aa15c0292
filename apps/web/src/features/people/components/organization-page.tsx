import { Alert, Button, ColorInput, Group, Image, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrganization } from '@faena/contracts';
import { fileDownloadLink, uploadIdFromLink, type UploadRules } from '@faena/domain/forms/files';
import { fieldErrorsOf, type FieldError } from '../../../shared/api/field-errors.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useUnsavedChanges } from '../../../shared/ui/use-unsaved-changes.ts';
import { FileUploadField } from '../../../shared/uploads/file-upload-field.tsx';
import { UPLOAD_SERVER } from '../../../shared/uploads/upload-api.ts';
import { useOrganization, useUpdateOrganization } from '../api/organization.ts';
import { OrganizationCatalogs } from './organization-catalogs.tsx';
import { usePeopleAccess } from './use-can.ts';
import { useUpdateTenant } from '../../../shared/tenant/tenant-context.tsx';
import { FAENA_THEME_COLOR } from '../../../shared/pwa/theme-color.ts';

const LOGO_RULES: UploadRules = {
  noun: 'image',
  isMultiple: false,
  minFiles: 0,
  maxFiles: 1,
  minSize: 0,
  maxSize: 5 * 1024 * 1024,
  formats: ['png', 'jpeg', 'gif', 'webp', 'svg'],
  messages: {},
};

function Logo({ organization }: { organization: TOrganization }) {
  const { t } = useTranslation();
  return organization.logo_url ? (
    <Image src={organization.logo_url} alt={t('people.organization.logoAlt', { name: organization.name })} h={72} w="auto" maw={240} fit="contain" data-testid="organization-logo" />
  ) : (
    <Paper withBorder radius="md" w={72} h={72} style={{ display: 'grid', placeItems: 'center' }}>
      <IconBuilding size={32} stroke={1.4} aria-hidden />
    </Paper>
  );
}

/** /organization — the tenant's profile: members see it, MANAGE_PEOPLE renames it or changes its logo, time zone and brand colour. */
export function OrganizationPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  const access = usePeopleAccess();
  return (
    <Stack gap="md">
      <PageHeader title={t('people.organization.title')} description={t('people.organization.description')} />
      {organization.isPending ? (
        <Loader />
      ) : organization.isError ? (
        <Alert color="red">{t('people.organization.loadFailed')}</Alert>
      ) : access.canManage ? (
        <OrganizationForm organization={organization.data} />
      ) : (
        <Paper withBorder p="md" radius="md" data-testid="organization-profile">
          <Group gap="md">
            <Logo organization={organization.data} />
            <Stack gap={2}>
              <Title order={2} fz="lg">
                {organization.data.name}
              </Title>
              <Text size="sm" c="dimmed">
                {t('people.organization.subdomain', { subdomain: organization.data.subdomain })}
              </Text>
            </Stack>
          </Group>
        </Paper>
      )}
      <OrganizationCatalogs />
    </Stack>
  );
}

/** What the server takes as a brand colour (organization.service.ts): #rrggbb, or nothing for Faena's. */
const BRAND_COLOR = /^#[0-9a-f]{6}$/i;
/** A few colours to start from: Faena's teal and common brand hues. */
const BRAND_SWATCHES = [FAENA_THEME_COLOR, '#1c7ed6', '#0b3d91', '#7048e8', '#c2255c', '#e03131', '#f08c00', '#2b8a3e', '#343a40'];

const TIME_ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['America/Santiago', 'America/Mexico_City', 'America/Bogota', 'America/Lima', 'UTC'];

function OrganizationForm({ organization }: { organization: TOrganization }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization();
  const updateTenant = useUpdateTenant();
  const initialLogo = organization.logo_upload_id ? [fileDownloadLink(UPLOAD_SERVER, organization.logo_upload_id)] : [];
  const [name, setName] = useState(organization.name);
  const [timezone, setTimezone] = useState(organization.timezone);
  const [brandColor, setBrandColor] = useState(organization.brand_color ?? '');
  const [logo, setLogo] = useState<string[]>(initialLogo);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; logo?: string; timezone?: string; brandColor?: string }>({});
  const logoMessage = (error: FieldError) =>
    error.reason === 'not-an-image' ? t('people.organization.logoType') : error.reason === 'unknown-file' ? t('people.messages.unknownFile') : error.texts.join(' ');
  const logoId = logo[0] ? (uploadIdFromLink(logo[0]) ?? null) : null;
  const brandColorValue = brandColor.trim() === '' ? null : brandColor.trim().toLowerCase();
  const dirty = name.trim() !== organization.name || logoId !== organization.logo_upload_id || timezone !== organization.timezone || brandColorValue !== organization.brand_color;
  useUnsavedChanges(dirty);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = {
      ...(!name.trim() ? { name: t('people.organization.nameRequired') } : {}),
      ...(brandColorValue !== null && !BRAND_COLOR.test(brandColorValue) ? { brandColor: t('people.organization.brandColorInvalid') } : {}),
    };
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    update.mutate(
      { name: name.trim(), logo_upload_id: logoId, timezone, brand_color: brandColorValue },
      {
        onSuccess: (saved) => {
          // The top bar and every screen show the new name and logo at once, the browser's bar the new colour.
          updateTenant({ name: saved.name, logoUrl: saved.logo_url ?? '', brandColor: saved.brand_color });
          setBrandColor(saved.brand_color ?? '');
          toast.show(t('people.organization.saved'));
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields)
            setErrors({
              name: fields.name?.texts.join(' '),
              logo: fields.logo_upload_id && logoMessage(fields.logo_upload_id),
              timezone: fields.timezone?.texts.join(' '),
              brandColor: fields.brand_color && (fields.brand_color.reason === 'invalid-color' ? t('people.organization.brandColorInvalid') : fields.brand_color.texts.join(' ')),
            });
          else toast.error(t('errors.saveFailed'));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="organization-form">
      <Paper withBorder p="md" radius="md">
        <Stack gap="md" maw={560}>
          <Group gap="md">
            <Logo organization={organization} />
            <Text size="sm" c="dimmed">
              {t('people.organization.subdomain', { subdomain: organization.subdomain })}
            </Text>
          </Group>
          <TextInput
            label={t('people.organization.name')}
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={200}
            data-testid="organization-name"
          />
          <Select
            label={t('people.organization.timezone')}
            description={t('people.organization.timezoneHelp')}
            data={TIME_ZONES}
            value={timezone}
            onChange={(value) => value && setTimezone(value)}
            searchable
            allowDeselect={false}
            error={errors.timezone}
            data-testid="organization-timezone"
          />
          <ColorInput
            label={t('people.organization.brandColor')}
            description={t('people.organization.brandColorHelp')}
            placeholder={FAENA_THEME_COLOR}
            format="hex"
            swatches={BRAND_SWATCHES}
            withEyeDropper={false}
            value={brandColor}
            onChange={setBrandColor}
            error={errors.brandColor}
            maw={240}
            data-testid="organization-brand-color"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('people.organization.logo')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('people.organization.logoHelp')}
            </Text>
            <FileUploadField value={logo} onChange={setLogo} rules={LOGO_RULES} label={t('people.organization.logo')} onBusyChange={setBusy} />
            {errors.logo && (
              <Text size="xs" c="red" role="alert">
                {errors.logo}
              </Text>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" disabled={!dirty || busy} loading={update.isPending} data-testid="organization-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
