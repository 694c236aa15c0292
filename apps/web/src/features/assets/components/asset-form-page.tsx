import { Alert, Button, Card, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { ASSET_DOCUMENTS_MAX, ASSET_PHOTOS_MAX, type TAsset, type TAssetWrite } from '@faena/contracts/assets';
import type { UploadRules } from '@faena/domain/forms/files';
import { fileDownloadLink, uploadIdFromLink } from '@faena/domain/forms/files';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormRenderer } from '../../../shared/forms/form-renderer.tsx';
import { useForm } from '../../../shared/forms/api/get-form.ts';
import { FileUploadField, PhotoField } from '../../../shared/uploads/index.ts';
import { UPLOAD_SERVER } from '../../../shared/uploads/upload-api.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { ASSETS_SOURCE, useAsset, useAssetTypes, useCreateAsset, useUpdateAsset } from '../api/assets-api.ts';
import { errorCode, fieldErrors } from '../lib/errors.ts';
import { assetPath } from '../lib/format.ts';
import { locationsSource, PEOPLE_SOURCE, RemoteMultiSelect, RemoteSelect, VENUES_SOURCE } from '../../../shared/ui/remote-select.tsx';
import { useAssetsAccess } from './use-assets-access.ts';
import { NoAccess } from '../../../shared/ui/no-access.tsx';

const DOCUMENT_RULES: UploadRules = { noun: 'file', isMultiple: true, minFiles: 0, maxFiles: ASSET_DOCUMENTS_MAX, minSize: 0, maxSize: 25 * 1024 * 1024, formats: null, messages: {} };

const toLinks = (files: readonly { id: string }[]) => files.map((file) => fileDownloadLink(UPLOAD_SERVER, file.id));
const toIds = (links: readonly string[]) => links.map((link) => uploadIdFromLink(link)).filter((id): id is string => Boolean(id));

/** /assets/new and /assets/{id}/edit (MANAGE_ASSETS). */
export function AssetFormRoute({ id }: { id?: string | undefined }) {
  const { t } = useTranslation();
  const access = useAssetsAccess();
  const asset = useAsset(id);
  if (!access.canManage) return <NoAccess problem="permission" />;
  return (
    <Stack gap="md" maw={960}>
      <BackLink to={id ? assetPath(id) : '/assets/list'}>{id ? t('assets.form.backToAsset') : t('assets.nav.list')}</BackLink>
      <PageHeader title={id ? t('assets.form.editTitle', { name: asset.data?.name ?? '' }) : t('assets.form.newTitle')} />
      {!id ? <AssetForm /> : asset.isPending ? <Loader /> : asset.data ? <AssetForm key={asset.data.id} asset={asset.data} /> : <Alert color="red">{t('assets.common.loadError')}</Alert>}
    </Stack>
  );
}

interface Draft {
  code: string;
  name: string;
  manufacturer: string;
  model: string;
  type: string | null;
  venue: string | null;
  location: string | null;
  responsible: string | null;
  parent: string | null;
  related: string[];
  description: string;
  purchase_date: string;
  purchase_cost: number | string;
  useful_life_years: number | string;
  salvage_value: number | string;
  photos: string[];
  documents: string[];
}

function draftOf(asset: TAsset | undefined): Draft {
  return {
    code: asset?.code ?? '',
    name: asset?.name ?? '',
    manufacturer: asset?.manufacturer ?? '',
    model: asset?.model ?? '',
    type: asset?.type.id ?? null,
    venue: asset?.venue?.id ?? null,
    location: asset?.location?.id ?? null,
    responsible: asset?.responsible?.passport ?? null,
    parent: asset?.parent?.id ?? null,
    related: asset?.related.map((ref) => ref.id) ?? [],
    description: asset?.description ?? '',
    purchase_date: asset?.purchase_date ?? '',
    purchase_cost: asset?.purchase_cost ?? '',
    useful_life_years: asset?.useful_life_years ?? '',
    salvage_value: asset?.salvage_value ?? '',
    photos: toLinks(asset?.photos ?? []),
    documents: toLinks(asset?.documents ?? []),
  };
}

const num = (value: number | string) => (typeof value === 'number' ? value : null);

function AssetForm({ asset }: { asset?: TAsset }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useAssetTypes();
  const create = useCreateAsset();
  const update = useUpdateAsset(asset?.id ?? '');
  const [draft, setDraft] = useState<Draft>(() => draftOf(asset));
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const type = types.data?.results.find((candidate) => candidate.id === draft.type);
  const form = useForm(type?.form_id ?? undefined);
  const save = asset ? update : create;
  const errors = fieldErrors(save.error);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const body = (extra: Record<string, unknown>): TAssetWrite | null => {
    const absent = new Set<string>();
    if (!draft.code.trim()) absent.add('code');
    if (!draft.name.trim()) absent.add('name');
    if (!draft.type) absent.add('type');
    setMissing(absent);
    if (absent.size > 0 || !draft.type) return null;
    return {
      code: draft.code.trim(),
      name: draft.name.trim(),
      manufacturer: draft.manufacturer.trim(),
      model: draft.model.trim(),
      type: draft.type,
      venue: draft.venue,
      location: draft.location,
      responsible: draft.responsible,
      parent: draft.parent,
      related: draft.related,
      description: draft.description,
      purchase_date: draft.purchase_date || null,
      purchase_cost: num(draft.purchase_cost),
      useful_life_years: num(draft.useful_life_years),
      salvage_value: num(draft.salvage_value),
      extra,
      photos: toIds(draft.photos),
      documents: toIds(draft.documents),
    };
  };

  const send = (extra: Record<string, unknown>) => {
    const payload = body(extra);
    if (!payload) return Promise.resolve();
    return (asset ? update.mutateAsync(payload) : create.mutateAsync(payload)).then((saved) => void navigate(assetPath(saved.id)));
  };
  const onPlainSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({}).catch(() => undefined);
  };

  const requiredError = (key: string) => (missing.has(key) ? t('assets.form.required') : undefined);
  const saveProblem = save.error
    ? errorCode(save.error) === 'duplicate-code'
      ? t('assets.form.duplicateCode')
      : Object.keys(errors).length
        ? t('assets.form.fixErrors')
        : t('assets.form.saveFailed')
    : null;

  const main = (
    <Stack gap="md">
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('assets.fields.code')}
            required
            value={draft.code}
            onChange={(event) => set('code', event.currentTarget.value)}
            error={requiredError('code') ?? (errorCode(save.error) === 'duplicate-code' ? t('assets.form.duplicateCode') : errors.code)}
            maxLength={64}
            data-testid="asset-code-input"
          />
          <TextInput
            label={t('assets.fields.name')}
            required
            value={draft.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={requiredError('name') ?? errors.name}
            maxLength={200}
            data-testid="asset-name-input"
          />
          <Select
            label={t('assets.fields.type')}
            required
            data={(types.data?.results ?? []).map((candidate) => ({ value: candidate.id, label: `${candidate.name} (${candidate.category.name})` }))}
            value={draft.type}
            onChange={(value) => set('type', value)}
            error={requiredError('type') ?? errors.type}
            searchable
            data-testid="asset-type-input"
          />
          <RemoteSelect
            source={PEOPLE_SOURCE}
            label={t('assets.fields.responsible')}
            value={draft.responsible}
            onChange={(value) => set('responsible', value)}
            known={asset?.responsible ? [{ value: asset.responsible.passport, label: asset.responsible.name }] : []}
            error={errors.responsible}
          />
          <TextInput label={t('assets.fields.manufacturer')} value={draft.manufacturer} onChange={(event) => set('manufacturer', event.currentTarget.value)} maxLength={200} />
          <TextInput label={t('assets.fields.model')} value={draft.model} onChange={(event) => set('model', event.currentTarget.value)} maxLength={200} />
          <RemoteSelect
            source={VENUES_SOURCE}
            label={t('assets.fields.venue')}
            value={draft.venue}
            onChange={(value) => setDraft((current) => ({ ...current, venue: value, location: null }))}
            known={asset?.venue ? [{ value: asset.venue.id, label: asset.venue.name }] : []}
            error={errors.venue}
          />
          <RemoteSelect
            source={locationsSource(draft.venue)}
            label={t('assets.fields.location')}
            value={draft.location}
            onChange={(value) => set('location', value)}
            known={asset?.location ? [{ value: asset.location.id, label: asset.location.name }] : []}
            error={errors.location}
          />
        </SimpleGrid>
        <Textarea mt="md" label={t('assets.fields.description')} value={draft.description} onChange={(event) => set('description', event.currentTarget.value)} autosize minRows={3} />
      </Card>
      <Card withBorder padding="md">
        <Title order={2} fz="md" mb="sm">
          {t('assets.detail.associated')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <RemoteSelect
            source={ASSETS_SOURCE}
            label={t('assets.fields.parent')}
            value={draft.parent}
            onChange={(value) => set('parent', value)}
            known={asset?.parent ? [{ value: asset.parent.id, label: `${asset.parent.code} · ${asset.parent.name}` }] : []}
            error={errors.parent}
          />
          <RemoteMultiSelect
            source={ASSETS_SOURCE}
            label={t('assets.fields.related')}
            value={draft.related}
            onChange={(value) => set('related', value)}
            known={asset?.related.map((ref) => ({ value: ref.id, label: `${ref.code} · ${ref.name}` })) ?? []}
            error={errors.related}
          />
        </SimpleGrid>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} fz="md" mb="sm">
          {t('assets.tabs.investment')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <TextInput
            type="date"
            label={t('assets.fields.purchaseDate')}
            value={draft.purchase_date}
            onChange={(event) => set('purchase_date', event.currentTarget.value)}
            error={errors.purchase_date}
          />
          <NumberInput label={t('assets.fields.purchaseCost')} min={0} decimalScale={2} value={draft.purchase_cost} onChange={(value) => set('purchase_cost', value)} error={errors.purchase_cost} />
          <NumberInput
            label={t('assets.fields.usefulLife')}
            min={1}
            max={100}
            allowDecimal={false}
            value={draft.useful_life_years}
            onChange={(value) => set('useful_life_years', value)}
            error={errors.useful_life_years}
          />
          <NumberInput label={t('assets.fields.salvageValue')} min={0} decimalScale={2} value={draft.salvage_value} onChange={(value) => set('salvage_value', value)} error={errors.salvage_value} />
        </SimpleGrid>
      </Card>
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap={6}>
            <Text fw={600}>{t('assets.tabs.gallery')}</Text>
            <PhotoField value={draft.photos} onChange={(links) => set('photos', links)} maxPhotos={ASSET_PHOTOS_MAX} label={t('assets.tabs.gallery')} />
            {errors.photos && (
              <Text c="red" size="sm">
                {errors.photos}
              </Text>
            )}
          </Stack>
          <Stack gap={6}>
            <Text fw={600}>{t('assets.tabs.documents')}</Text>
            <FileUploadField value={draft.documents} onChange={(links) => set('documents', links)} rules={DOCUMENT_RULES} label={t('assets.tabs.documents')} onBusyChange={setBusy} />
          </Stack>
        </SimpleGrid>
      </Card>
      {saveProblem && (
        <Alert color="red" role="alert" data-testid="asset-save-error">
          {saveProblem}
        </Alert>
      )}
    </Stack>
  );

  const fields = form.data?.description ?? [];
  if (type?.form_id && fields.length > 0) {
    return (
      <Stack gap="md">
        {main}
        <Card withBorder padding="md">
          <Title order={2} fz="md" mb="sm">
            {t('assets.detail.extra')}
          </Title>
          <FormRenderer fields={fields} initialValues={asset?.extra ?? {}} onSubmit={send} submitLabel={t('assets.common.save')} />
        </Card>
      </Stack>
    );
  }
  return (
    <form onSubmit={onPlainSubmit} noValidate>
      {main}
      <Group justify="flex-end" mt="md">
        <Button type="submit" size="md" loading={save.isPending} disabled={busy || (Boolean(type?.form_id) && form.isPending)} data-testid="asset-save">
          {t('assets.common.save')}
        </Button>
      </Group>
    </form>
  );
}
