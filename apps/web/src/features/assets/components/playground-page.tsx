import { Alert, Card, Code, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormRenderer } from '../../../shared/forms/form-renderer.tsx';
import { useForm } from '../../../shared/forms/api/get-form.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useAssetTypes } from '../api/assets-api.ts';
import { AssetsNav } from './assets-nav.tsx';

/** /assets/playground (ADMIN_ASSETS): fill in a type's extra fields as a person would; nothing is saved. */
export function PlaygroundPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const types = useAssetTypes();
  const typeId = params.get('type');
  const type = types.data?.results.find((row) => row.id === typeId);
  const form = useForm(type?.form_id ?? undefined);
  const [answer, setAnswer] = useState<Record<string, unknown> | null>(null);
  return (
    <Stack gap="md">
      <PageHeader title={t('assets.playground.title')} description={t('assets.playground.description')} />
      <AssetsNav />
      <Select
        label={t('assets.fields.type')}
        data={(types.data?.results ?? []).map((row) => ({ value: row.id, label: row.name }))}
        value={typeId}
        onChange={(value) => {
          setAnswer(null);
          setParams(value ? { type: value } : {}, { replace: true });
        }}
        searchable
        maw={400}
        data-testid="playground-type"
      />
      {!type ? null : !type.form_id ? (
        <Alert color="gray">{t('assets.playground.noForm')}</Alert>
      ) : form.isPending ? (
        <Loader />
      ) : form.isError ? (
        <Alert color="red">{t('assets.common.loadError')}</Alert>
      ) : (
        <Card withBorder padding="md" maw={720}>
          <FormRenderer
            key={type.id}
            fields={form.data.description}
            onSubmit={(response) => {
              setAnswer(response);
              return Promise.resolve();
            }}
            submitLabel={t('assets.playground.try')}
          />
        </Card>
      )}
      {answer && (
        <Card withBorder padding="md" maw={720} data-testid="playground-answer">
          <Title order={2} fz="md">
            {t('assets.playground.answer')}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {t('assets.playground.notSaved')}
          </Text>
          <Code block>{JSON.stringify(answer, null, 2)}</Code>
        </Card>
      )}
    </Stack>
  );
}
