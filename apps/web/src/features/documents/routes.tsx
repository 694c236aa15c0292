import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Loader, Paper, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { IconFolders, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormActions } from '../../shared/ui/form-actions.tsx';
import { SharedDocumentsPage } from './components/shared-documents-page.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { toast } from '../../shared/ui/toasts.ts';
import { useDocumentsMutations, useDocumentType, useDocumentTypes, type TypeInput } from './api/documents-api.ts';
import { DocumentsBrowser } from './components/documents-browser.tsx';
import { documentsLocales } from './locales/index.ts';
import { directoryLocales } from '../../shared/directory/locales/index.ts';

export const locales = [documentsLocales, directoryLocales];

/** /documents/shared[/{id}]: documents shared with the signed-in person (issue 45 point 5). */
export function SharedDocumentsRoute() {
  return <SharedDocumentsPage />;
}

/** /document-types: the tenant's document types, with the way to the documents. */
export function DocumentTypesRoute() {
  const { t } = useTranslation();
  const types = useDocumentTypes();
  return (
    <Stack gap="md">
      <PageHeader
        title={t('documents.types.title')}
        description={t('documents.types.description')}
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconFolders size={16} />} component={Link} to="/document-types-administration">
              {t('documents.title')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} component={Link} to="/document-types/create">
              {t('documents.types.new')}
            </Button>
          </Group>
        }
      />
      {types.isLoading ? <Loader /> : null}
      {types.isError ? <Text c="red">{t('documents.errors.load')}</Text> : null}
      {types.data?.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t('documents.types.empty')}
        </Text>
      ) : null}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {types.data?.map((type) => (
          <Paper component="li" key={type.id} withBorder radius="md" px="md" py="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={500}>{type.name}</Text>
                  {!type.is_active ? (
                    <Badge color="gray" variant="light">
                      {t('documents.types.inactive')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {[type.description, type.allowed_formats.length > 0 ? type.allowed_formats.map((f) => `.${f}`).join(', ') : t('documents.types.anyFormat')].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
              <Button variant="subtle" component={Link} to={`/document-types/${type.id}/edit`} aria-label={t('documents.types.editOf', { name: type.name })}>
                {t('documents.actions.edit')}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/** /document-types-administration: the documents area (folders and files). */
export function DocumentsAdministrationRoute() {
  return <DocumentsBrowser />;
}

/** /document-types/create and /document-types/:id/edit. */
export function DocumentTypeFormRoute() {
  const { id } = useParams();
  const existing = useDocumentType(id);
  if (id && existing.isLoading) return <Loader />;
  // A failed read again (back on the tab) keeps the form and its unsaved changes.
  if (id && existing.isError && !existing.data) return <DocumentTypeFormError />;
  return <DocumentTypeForm key={existing.data?.id ?? 'new'} id={id} initial={existing.data ?? null} />;
}

function DocumentTypeFormError() {
  const { t } = useTranslation();
  return <Text c="red">{t('documents.errors.load')}</Text>;
}

function DocumentTypeForm({ id, initial }: { id: string | undefined; initial: TypeInput | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { saveType } = useDocumentsMutations();
  const [form, setForm] = useState<TypeInput>(
    initial
      ? {
          name: initial.name,
          description: initial.description,
          allowed_formats: initial.allowed_formats,
          is_active: initial.is_active,
        }
      : { name: '', description: null, allowed_formats: [], is_active: true },
  );
  const [submitted, setSubmitted] = useState(false);
  const nameError = submitted && !form.name.trim() ? t('documents.types.nameRequired') : null;
  return (
    <Stack gap="md" maw={640}>
      <PageHeader title={id ? t('documents.types.edit') : t('documents.types.new')} />
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (!form.name.trim()) return;
            const allowed = form.allowed_formats.map((f) => f.trim().toLowerCase().replace(/^\./, '')).filter((f) => /^[a-z0-9]{1,10}$/.test(f));
            saveType.mutate(
              {
                id,
                input: {
                  ...form,
                  name: form.name.trim(),
                  allowed_formats: allowed,
                },
              },
              {
                onSuccess: () => {
                  toast.show(t('documents.types.saved'));
                  void navigate('/document-types');
                },
                onError: () => toast.error(t('documents.errors.generic')),
              },
            );
          }}
        >
          <Stack gap="md">
            <TextInput label={t('documents.types.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} required error={nameError} maxLength={200} />
            <Textarea
              label={t('documents.types.descriptionLabel')}
              value={form.description ?? ''}
              onChange={(e) => setForm({ ...form, description: e.currentTarget.value || null })}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <TagsInput
              label={t('documents.types.formats')}
              description={t('documents.types.formatsHelp')}
              value={form.allowed_formats}
              onChange={(value) => setForm({ ...form, allowed_formats: value })}
              data={['pdf', 'jpeg', 'png', 'gif', 'webp', 'docx', 'xlsx', 'csv', 'txt', 'zip']}
              clearable
            />
            <Checkbox label={t('documents.types.active')} checked={form.is_active} onChange={(e) => setForm({ ...form, is_active: e.currentTarget.checked })} />
            <FormActions cancelTo="/document-types" cancelLabel={t('documents.actions.cancel')} submitLabel={t('documents.actions.save')} saving={saveType.isPending} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
