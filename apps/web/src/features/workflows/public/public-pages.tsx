import { Alert, Anchor, Badge, Box, Button, CopyButton, Group, Image, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { FormField } from '@faena/domain';
import type { TWfPublicReceipt } from '@faena/contracts/workflows-extras';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { FormRenderer } from '../../../shared/forms/form-renderer.tsx';
import { FaenaMark } from '../../../shared/ui/logo.tsx';
import { publicApiPath, usePublicForm, usePublicStart, useTracking } from '../extras/api.ts';
import { prefillFromQuery } from './prefill.ts';

/** The tenant's logo and name above a public page (no shell: the person is not signed in). */
function TenantHeader({ tenant }: { tenant: { name: string; logo_url: string | null } | undefined }) {
  return (
    <Group gap="sm" wrap="nowrap" mb="md">
      {tenant?.logo_url ? <Image src={tenant.logo_url} alt="" h={40} w="auto" fit="contain" /> : <FaenaMark size={36} />}
      <Text fw={700} size="lg">
        {tenant?.name ?? 'Faena'}
      </Text>
    </Group>
  );
}

function PublicFrame({ children, tenant }: { children: React.ReactNode; tenant?: { name: string; logo_url: string | null } | undefined }) {
  return (
    <Box component="main" maw={600} mx="auto" px="md" py="lg" mih="100dvh">
      <TenantHeader tenant={tenant} />
      {children}
    </Box>
  );
}

/** /public/workflows/{workflowType}/{workflowId}/start-execution/{bpmnId} and …/by-group/{wfGroupId}/…?prefilled=values. */
export function PublicStartPage(params: { workflowType: string; workflowId?: string | undefined; wfGroupId?: string | undefined; bpmnId: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const path = publicApiPath(params);
  const form = usePublicForm(path);
  const start = usePublicStart(path);
  const [receipt, setReceipt] = useState<TWfPublicReceipt | null>(null);
  // a failure outside the form's fields (rate limit, the link turned off meanwhile): one line under the form
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (error: unknown) => setFailure(error instanceof Error ? error.message : String(error));
  const fields = useMemo(() => ((form.data?.form as { description?: FormField[] } | null)?.description ?? []) as FormField[], [form.data]);
  // the new link shape's query prefills the form (the legacy one has none)
  const initial = useMemo(() => (params.wfGroupId !== undefined ? prefillFromQuery(fields, search) : {}), [fields, search, params.wfGroupId]);

  if (form.isError) {
    const code = isHttpError(form.error) ? form.error.code : undefined;
    return (
      <PublicFrame>
        <Alert color={code === 'draft' ? 'yellow' : 'red'} title={code === 'draft' ? t('workflowsExtras.public.draftTitle') : t('workflowsExtras.public.notFoundTitle')}>
          {code === 'draft' && isHttpError(form.error) ? form.error.detail : t('workflowsExtras.public.notFound')}
        </Alert>
      </PublicFrame>
    );
  }
  if (!form.data) return <Loader m="xl" />;

  if (receipt) return <Receipt receipt={receipt} tenant={form.data.tenant} />;

  const submit = (variables: Record<string, unknown>) =>
    start.mutateAsync(variables).then(setReceipt, (error: unknown) => {
      setFailure(null);
      if (isHttpError(error) && error.status === 400) throw error; // the form shows its fields' errors
      throw new Error(
        isHttpError(error) && error.status === 429
          ? t('workflowsExtras.public.tooMany')
          : isHttpError(error) && error.code === 'draft'
            ? (error.detail ?? '')
            : t('workflowsExtras.public.startFailed'),
      );
    });

  return (
    <PublicFrame tenant={form.data.tenant}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {form.data.workflow_type.name}
          </Title>
          {form.data.workflow_type.description && <Text c="dimmed">{form.data.workflow_type.description}</Text>}
        </Stack>
        <Paper withBorder p="md" radius="md">
          {fields.length > 0 ? (
            <FormRenderer fields={fields} initialValues={initial} onSubmit={submit} onError={fail} submitLabel={t('workflowsExtras.public.send')} aria-label={form.data.workflow_type.name} />
          ) : (
            <Button size="md" fullWidth loading={start.isPending} onClick={() => void submit({}).catch(fail)}>
              {t('workflowsExtras.public.send')}
            </Button>
          )}
        </Paper>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </PublicFrame>
  );
}

function Receipt({ receipt, tenant }: { receipt: TWfPublicReceipt; tenant: { name: string; logo_url: string | null } }) {
  const { t } = useTranslation();
  const trackPath = `/public/workflows/track/${receipt.tracking_code}`;
  return (
    <PublicFrame tenant={tenant}>
      <Paper withBorder p="lg" radius="md" data-testid="public-receipt">
        <Stack gap="sm" align="flex-start">
          <Title order={1} fz={24}>
            {t('workflowsExtras.public.receiptTitle')}
          </Title>
          <Text>{t('workflowsExtras.public.receiptBody', { name: receipt.workflow_type })}</Text>
          <Text size="sm" c="dimmed">
            {t('workflowsExtras.public.trackingCode')}
          </Text>
          <Group gap="sm">
            <Text ff="monospace" fz={26} fw={700} data-testid="tracking-code" style={{ letterSpacing: '0.08em' }}>
              {receipt.tracking_code}
            </Text>
            <CopyButton value={receipt.tracking_code}>
              {({ copied, copy }) => (
                <Button variant="default" size="sm" onClick={copy}>
                  {copied ? t('workflowsExtras.public.copied') : t('workflowsExtras.public.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">{t('workflowsExtras.public.keepCode')}</Text>
          <Button component={Link} to={trackPath} size="md">
            {t('workflowsExtras.public.trackNow')}
          </Button>
        </Stack>
      </Paper>
    </PublicFrame>
  );
}

const STATUS_COLOR = { InProcess: 'blue', Success: 'green', Error: 'red' } as const;

/** /public/workflows/track/{code}: the status of a request, nothing else. */
export function PublicTrackPage({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const tracking = useTracking(code);
  const [other, setOther] = useState('');
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short', hour12: false }).format(new Date(iso));
  return (
    <PublicFrame tenant={tracking.data?.tenant}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('workflowsExtras.public.trackTitle')}
        </Title>
        {tracking.isPending && <Loader />}
        {tracking.isError && <Alert color="red">{t('workflowsExtras.public.trackNotFound')}</Alert>}
        {tracking.data && (
          <Paper withBorder p="lg" radius="md" data-testid="tracking-status">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {tracking.data.workflow_type}
              </Text>
              <Text ff="monospace" fw={700}>
                {tracking.data.tracking_code}
              </Text>
              <Badge size="lg" color={STATUS_COLOR[tracking.data.status]} variant="light">
                {t(`workflowsExtras.status.${tracking.data.status}`)}
              </Badge>
              {tracking.data.current_step && <Text>{t('workflowsExtras.public.currentStep', { step: tracking.data.current_step })}</Text>}
              <Text size="sm">{t('workflowsExtras.public.sentAt', { date: when(tracking.data.created_at) })}</Text>
              {tracking.data.completed_at && <Text size="sm">{t('workflowsExtras.public.completedAt', { date: when(tracking.data.completed_at) })}</Text>}
            </Stack>
          </Paper>
        )}
        <Box
          component="form"
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            if (other.trim()) void navigate(`/public/workflows/track/${encodeURIComponent(other.trim())}`);
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput label={t('workflowsExtras.public.otherCode')} value={other} onChange={(e) => setOther(e.currentTarget.value)} style={{ flex: 1 }} size="md" autoComplete="off" />
            <Button type="submit" size="md">
              {t('workflowsExtras.public.look')}
            </Button>
          </Group>
        </Box>
        <Anchor component={Link} to="/" size="sm">
          {t('workflowsExtras.public.home')}
        </Anchor>
      </Stack>
    </PublicFrame>
  );
}
