import { Alert, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RequiredMarkerStyle } from '@faena/domain/forms/messages';
import type { FormView } from '../../../shared/forms/api/get-form.ts';
import { useSubmitResponse } from '../../../shared/forms/api/submit-response.ts';
import { FormRenderer } from '../../../shared/forms/form-renderer.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { MarkerStyleToggle } from '../../../shared/forms/builder/marker-style-toggle.tsx';

/**
 * "Probar formulario": the saved version, filled and sent to the server for real — the same
 * renderer users will meet, with the server's own checks (a 400 lands on the fields).
 */
export function TestFormTab({
  form,
  hasUnsaved,
  markerStyle,
  onMarkerStyle,
  onShowResponses,
}: {
  form: FormView;
  hasUnsaved: boolean;
  markerStyle: RequiredMarkerStyle;
  onMarkerStyle: (value: RequiredMarkerStyle) => void;
  onShowResponses: () => void;
}) {
  const { t } = useTranslation();
  const submit = useSubmitResponse(form.id);
  return (
    <Stack gap="md" maw={760} mx="auto">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('formBuilder.test.intro', { version: form.version })}
        </Text>
        <MarkerStyleToggle value={markerStyle} onChange={onMarkerStyle} />
      </Group>
      {hasUnsaved && (
        <Alert color="orange" variant="light">
          {t('formBuilder.test.unsaved')}
        </Alert>
      )}
      {form.description.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">{t('formBuilder.test.empty')}</Text>
        </Paper>
      ) : (
        <FormRenderer
          key={`${form.id}:${form.version}`}
          fields={form.description}
          markerStyle={markerStyle}
          aria-label={form.name}
          resetOnSuccess
          onSubmit={async (response) => {
            await submit.mutateAsync(response);
            toast.show(
              <span>
                {t('formBuilder.test.sent')}{' '}
                <Anchor component="button" type="button" size="sm" onClick={onShowResponses}>
                  {t('formBuilder.test.seeResponses')}
                </Anchor>
              </span>,
            );
          }}
        />
      )}
    </Stack>
  );
}
