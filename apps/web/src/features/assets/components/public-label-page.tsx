import { Alert, Box, Button, Card, Center, FileButton, Group, Image, Loader, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconCamera, IconCircleCheck, IconTool } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { usePublicAsset, usePublicReport } from '../api/assets-api.ts';
import { errorCode, fieldErrors } from '../lib/errors.ts';
import { photoDataUrl } from '../lib/photo.ts';

/**
 * /public/assets/{label_token}: what a label's QR code opens, signed out, on a phone. It names the
 * asset and its organisation and lets anyone report a problem (a description, optionally a name, a
 * way to call back and a photo); the report opens a corrective maintenance.
 */
export function PublicLabelPage() {
  const { t } = useTranslation();
  const { labelToken = '' } = useParams();
  const asset = usePublicAsset(labelToken);
  const report = usePublicReport(labelToken);
  const [description, setDescription] = useState('');
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const choosePhoto = (file: File | null) => {
    setPhotoProblem(null);
    if (!file) return;
    photoDataUrl(file).then(setPhoto, (error: unknown) => {
      setPhoto(null);
      setPhotoProblem(error instanceof Error && error.message === 'too-large' ? t('assets.public.photoTooLarge') : t('assets.public.photoInvalid'));
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setMissing(true);
      return;
    }
    report.mutate({ description: description.trim(), ...(name.trim() ? { reporter_name: name.trim() } : {}), ...(contact.trim() ? { contact: contact.trim() } : {}), ...(photo ? { photo } : {}) });
  };

  const serverErrors = fieldErrors(report.error);
  const reportProblem = report.error
    ? isHttpError(report.error) && report.error.status === 429
      ? t('assets.public.tooMany')
      : errorCode(report.error) === 'invalid-photo' || serverErrors.photo
        ? t('assets.public.photoInvalid')
        : t('assets.public.sendFailed')
    : null;

  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" py="lg" px="md">
      <Stack maw={520} mx="auto" gap="md">
        {asset.isPending ? (
          <Center mih={200}>
            <Loader />
          </Center>
        ) : asset.isError ? (
          <Alert color="red" title={t('assets.public.notFoundTitle')} data-testid="public-asset-missing">
            {t('assets.public.notFound')}
          </Alert>
        ) : (
          <>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {asset.data.tenant_name}
              </Text>
              <Title order={1} fz={24} data-testid="public-asset-name">
                {asset.data.name}
              </Title>
              <Text c="dimmed">{t('assets.public.code', { code: asset.data.code })}</Text>
            </Stack>
            {report.isSuccess ? (
              <Card withBorder padding="lg" data-testid="public-report-done">
                <Stack align="center" gap="sm" ta="center">
                  <IconCircleCheck size={48} color="var(--mantine-color-green-7)" />
                  <Title order={2} fz="lg">
                    {t('assets.public.doneTitle')}
                  </Title>
                  <Text>{t('assets.public.done')}</Text>
                </Stack>
              </Card>
            ) : (
              <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate>
                <Stack gap="md">
                  <Group gap={8}>
                    <IconTool size={20} />
                    <Title order={2} fz="lg">
                      {t('assets.public.reportTitle')}
                    </Title>
                  </Group>
                  <Textarea
                    label={t('assets.public.description')}
                    description={t('assets.public.descriptionHint')}
                    required
                    rows={4}
                    resize="vertical"
                    maxLength={5000}
                    value={description}
                    onChange={(event) => {
                      setDescription(event.currentTarget.value);
                      setMissing(false);
                    }}
                    error={missing ? t('assets.public.descriptionRequired') : serverErrors.description}
                    data-testid="public-report-description"
                  />
                  <TextInput label={t('assets.public.name')} value={name} maxLength={200} onChange={(event) => setName(event.currentTarget.value)} size="md" autoComplete="name" />
                  <TextInput
                    label={t('assets.public.contact')}
                    description={t('assets.public.contactHint')}
                    value={contact}
                    maxLength={200}
                    onChange={(event) => setContact(event.currentTarget.value)}
                    size="md"
                    autoComplete="email"
                  />
                  <Stack gap={6}>
                    <FileButton onChange={choosePhoto} accept="image/*" capture="environment">
                      {(props) => (
                        <Button {...props} variant="default" size="md" leftSection={<IconCamera size={20} />} data-testid="public-report-photo">
                          {photo ? t('assets.public.changePhoto') : t('assets.public.addPhoto')}
                        </Button>
                      )}
                    </FileButton>
                    {photo && <Image src={photo} alt={t('assets.public.photoAlt')} radius="sm" mah={220} fit="contain" data-testid="public-report-photo-preview" />}
                    {photoProblem && (
                      <Text c="red" size="sm" role="alert">
                        {photoProblem}
                      </Text>
                    )}
                  </Stack>
                  {reportProblem && (
                    <Alert color="red" role="alert">
                      {reportProblem}
                    </Alert>
                  )}
                  <Button type="submit" size="lg" loading={report.isPending} data-testid="public-report-submit">
                    {t('assets.public.send')}
                  </Button>
                </Stack>
              </Card>
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}
