import { Alert, Badge, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESPONSES_PAGE_SIZE, useResponses, type FormResponseView } from '../../../shared/forms/api/get-responses.ts';
import { useFormVersion } from '../../../shared/forms/api/get-form-version.ts';
import { ResponseAnswers, useAnswerLookups } from '../../../shared/forms/answer-display.tsx';
import { formatDateTime } from '../../../shared/lib/dates.ts';

const NO_RESPONSES: unknown[] = [];

function ResponseCard({ formId, response }: { formId: string; response: FormResponseView }) {
  const { t } = useTranslation();
  // A response is shown with the version it answered.
  const version = useFormVersion(formId, response.form_version);
  const fields = version.data?.description ?? [];
  const lookups = useAnswerLookups(fields, version.data ? [response.response] : NO_RESPONSES);
  return (
    <Paper withBorder radius="md" p="md" data-testid="response-card">
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={600} size="sm">
          {response.user?.name ?? t('formBuilder.responses.unknownUser')}
        </Text>
        <Group gap="xs">
          <Badge variant="light" color="gray" size="sm">
            {t('formBuilder.responses.version', { version: response.form_version })}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDateTime(response.created_at)}
          </Text>
        </Group>
      </Group>
      {version.isLoading ? (
        <Loader size="sm" />
      ) : version.error ? (
        <Text c="red.9" size="sm">
          {t('formBuilder.responses.versionFailed')}
        </Text>
      ) : (
        <ResponseAnswers fields={fields} response={response.response} lookups={lookups} />
      )}
    </Paper>
  );
}

/** The form's responses, newest first, each with the answer display component. */
export function ResponsesTab({ formId }: { formId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const responses = useResponses(formId, page);
  if (responses.isLoading) return <Loader />;
  if (responses.error) return <Alert color="red">{t('formBuilder.responses.failed')}</Alert>;
  const data = responses.data;
  if (!data || data.count === 0) {
    return (
      <Paper withBorder p="lg" radius="md" maw={760} mx="auto">
        <Text c="dimmed">{t('formBuilder.responses.empty')}</Text>
      </Paper>
    );
  }
  const pages = Math.ceil(data.count / RESPONSES_PAGE_SIZE);
  return (
    <Stack gap="md" maw={760} mx="auto" data-testid="responses-list">
      <Text size="sm" c="dimmed">
        {t('formBuilder.responses.count', { count: data.count })}
      </Text>
      {data.results.map((response) => (
        <ResponseCard key={response.id} formId={formId} response={response} />
      ))}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} mx="auto" />}
    </Stack>
  );
}
