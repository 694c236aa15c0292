import { Alert, Badge, Button, CopyButton, Flex, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAddressBook, IconArrowLeft, IconCheck, IconCopy, IconMail, IconPencil, IconUserCheck, IconUserOff, IconUserShare } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TPerson } from '@faena/contracts';
import { formatPhone } from '@faena/domain/phones';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { confirm, openModal } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useCatalogHref, usePositionHref } from '../../../shared/directory/hrefs.ts';
import { downloadText } from '../../../shared/lib/download.ts';
import { useTenant } from '../../../shared/tenant/tenant-context.tsx';
import { usePerson } from '../api/get-person.ts';
import { mailHref, telHref } from '../lib/contact-links.ts';
import { personVCard, vCardFileName } from '../lib/vcard.ts';
import { useImpersonate } from '../api/impersonate.ts';
import { useInvitePerson, useSetPersonDisabled, type Invite } from '../api/person-actions.ts';
import { PersonAvatar } from './person-avatar.tsx';
import { PersonStatusBadge } from './person-status-badge.tsx';
import { PersonHistory } from './person-history.tsx';
import { refusalText } from './person-messages.ts';
import { PersonTeam } from '../../../shared/directory/person-team.tsx';
import { PersonPermissions } from './person-permissions.tsx';
import { Section } from '../../../shared/directory/section.tsx';
import { usePeopleAccess } from './use-can.ts';
import { Field, Plain } from './detail-fields.tsx';
import { PersonAccess } from './person-access.tsx';
import { PersonAudiences } from './person-audiences.tsx';
import classes from './people.module.css';
import { returnAddress } from '../../../shared/navigation/last-address.ts';

/** A chip of the detail; one with an address opens it (a screen of the app, or mail and phone). */
interface DetailValue {
  label: string;
  href?: string | null;
}

function Chip({ label, href, variant = 'light' }: DetailValue & { variant?: 'light' | 'outline' }) {
  const common = { variant, tt: 'none', size: 'md' } as const;
  if (!href) {
    // a plain light chip is grey: only what opens something takes the colour
    return (
      <Badge {...common} color={variant === 'light' ? 'gray' : undefined}>
        {label}
      </Badge>
    );
  }
  // mail and phone addresses leave the app; a screen of it is a route
  return /^(mailto|tel):/.test(href) ? (
    <Badge {...common} component="a" href={href} className={classes.valueLink}>
      {label}
    </Badge>
  ) : (
    <Badge {...common} component={Link} to={href} className={classes.valueLink}>
      {label}
    </Badge>
  );
}

function Values({ items }: { items: DetailValue[] }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('people.detail.none')}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {items.map((item, index) => (
        <Chip key={`${item.label}-${index}`} {...item} />
      ))}
    </Group>
  );
}

function showInvite(invite: Invite, t: TFunction) {
  void openModal<null>({
    id: 'person-invite',
    title: t('people.detail.invite.doneTitle'),
    dismissValue: null,
    render: (answer) => (
      <Stack gap="sm">
        <Text size="sm">{t('people.detail.invite.doneMessage', { email: invite.email, date: formatDateTime(invite.expires_at) })}</Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput value={invite.link} readOnly style={{ flex: 1 }} aria-label={t('people.detail.invite.link')} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={invite.link}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={() => answer(null)}>{t('common.close')}</Button>
        </Group>
      </Stack>
    ),
  });
}

/** /people/:id — every field of the person, and what the caller may do with them. */
export function PersonDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const person = usePerson(id);

  if (person.isPending) return <Loader />;
  if (!person.data) {
    const missing = isHttpError(person.error) && person.error.status === 404;
    return (
      <Stack gap="md" align="flex-start">
        <Alert color={missing ? 'yellow' : 'red'} data-testid="person-missing">
          {missing ? t('people.detail.missing') : t('people.detail.loadFailed')}
        </Alert>
        <Button component={Link} to={returnAddress('/people')} variant="light" leftSection={<IconArrowLeft size={16} />}>
          {t('people.detail.back')}
        </Button>
      </Stack>
    );
  }
  return <PersonDetail person={person.data} />;
}

function PersonDetail({ person }: { person: TPerson }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const access = usePeopleAccess();
  const setDisabled = useSetPersonDisabled(person.id);
  const invite = useInvitePerson(person.id);
  const impersonate = useImpersonate();
  const tenant = useTenant();
  const positionHref = usePositionHref();
  const venueHref = useCatalogHref('venues');
  const businessLineHref = useCatalogHref('business-lines');
  const companyHref = useCatalogHref('companies');
  const isSelf = session?.user.passport === person.passport;
  const isImpersonating = Boolean(session?.user.impersonator);

  const onToggleDisabled = async () => {
    const disabling = !person.is_disabled;
    const ok = await confirm({
      id: 'person-disable',
      title: disabling ? t('people.detail.disable.title') : t('people.detail.enable.title'),
      message: disabling ? t('people.detail.disable.message', { name: person.name }) : t('people.detail.enable.message', { name: person.name }),
      confirmLabel: disabling ? t('people.detail.disable.confirm') : t('people.detail.enable.confirm'),
      cancelLabel: t('common.cancel'),
      danger: disabling,
    }).catch(() => false);
    if (!ok) return;
    setDisabled.mutate(disabling, {
      onSuccess: () => toast.show(disabling ? t('people.detail.disable.done', { name: person.name }) : t('people.detail.enable.done', { name: person.name })),
      onError: (error) => toast.error(refusalText(t, error, person.name, t('errors.saveFailed'))),
    });
  };
  const onInvite = () =>
    invite.mutate(undefined, {
      onSuccess: (answer) => showInvite(answer, t),
      onError: (error) => toast.error(refusalText(t, error, person.name, t('people.detail.invite.failed'))),
    });
  const onImpersonate = async () => {
    const ok = await confirm({
      id: 'person-impersonate',
      title: t('people.detail.impersonate.title'),
      message: t('people.detail.impersonate.message', { name: person.name }),
      confirmLabel: t('people.detail.impersonate.confirm'),
      cancelLabel: t('common.cancel'),
    }).catch(() => false);
    if (!ok) return;
    // The screen may unmount when the session changes: await the call instead of a per-call callback.
    await impersonate.mutateAsync(person.id).then(
      () => navigate('/home'),
      (error: unknown) => toast.error(refusalText(t, error, person.name, t('people.detail.impersonate.failed'))),
    );
  };

  const canInvite = access.canManage && !person.has_account && !person.is_disabled && Boolean(person.primary_email);
  const canImpersonate = access.canImpersonate && person.has_account && !person.is_disabled && !isSelf && !isImpersonating;

  return (
    <Stack gap="md" data-testid="person-detail">
      <BackLink to="/people">{t('people.detail.back')}</BackLink>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <PersonAvatar person={person} size={72} />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }} data-testid="person-title">
                {person.name}
              </Title>
              {person.primary_email && (
                <Text component="a" href={mailHref(person.primary_email)} size="sm" c="dimmed" className={classes.valueLink} style={{ overflowWrap: 'anywhere' }}>
                  {person.primary_email}
                </Text>
              )}
              <Group gap={6}>
                <PersonStatusBadge person={person} testId="person-status" />
                {person.positions.map((position) => (
                  <Chip key={position.id} label={position.title} href={positionHref(position.id)} variant="outline" />
                ))}
              </Group>
            </Stack>
          </Group>
          {/* on a phone the actions stack at full width instead of wrapping raggedly */}
          <Flex gap="xs" wrap="wrap" direction={{ base: 'column', xs: 'row' }} w={{ base: '100%', xs: 'auto' }}>
            {access.canManage && (
              <Button component={Link} to={`/people/${person.id}/edit`} leftSection={<IconPencil size={16} />} data-testid="person-edit">
                {t('people.detail.edit')}
              </Button>
            )}
            {canInvite && (
              <Button variant="light" leftSection={<IconMail size={16} />} onClick={onInvite} loading={invite.isPending} data-testid="person-invite">
                {person.invited ? t('people.detail.invite.resend') : t('people.detail.invite.button')}
              </Button>
            )}
            {canImpersonate && (
              <Button variant="light" leftSection={<IconUserShare size={16} />} onClick={() => void onImpersonate()} loading={impersonate.isPending} data-testid="person-impersonate">
                {t('people.detail.impersonate.button')}
              </Button>
            )}
            {access.canManage && !isSelf && (
              <Button
                variant={person.is_disabled ? 'light' : 'default'}
                color={person.is_disabled ? undefined : 'red'}
                leftSection={person.is_disabled ? <IconUserCheck size={16} /> : <IconUserOff size={16} />}
                onClick={() => void onToggleDisabled()}
                loading={setDisabled.isPending}
                data-testid="person-toggle-disabled"
              >
                {person.is_disabled ? t('people.detail.enable.button') : t('people.detail.disable.button')}
              </Button>
            )}
          </Flex>
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section
          title={t('people.form.sections.contact')}
          action={
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconAddressBook size={16} />}
              onClick={() => downloadText(vCardFileName(person.name), personVCard(person, tenant.name), 'text/vcard;charset=utf-8')}
              data-testid="person-vcard"
            >
              {t('people.detail.saveContact')}
            </Button>
          }
        >
          <Field label={t('people.form.primaryEmail')}>
            {person.primary_email ? <Values items={[{ label: person.primary_email, href: mailHref(person.primary_email) }]} /> : <Plain value={null} />}
          </Field>
          <Field label={t('people.form.otherEmails')}>
            <Values items={person.other_emails.map((email) => ({ label: email, href: mailHref(email) }))} />
          </Field>
          <Field label={t('people.form.phones')}>
            <Values items={person.phones.map((phone) => ({ label: [formatPhone(phone.number), phone.label && `(${phone.label})`].filter(Boolean).join(' '), href: telHref(phone.number) }))} />
          </Field>
          <Field label={t('people.form.address')}>
            <Plain value={person.address} />
          </Field>
        </Section>
        <Section title={t('people.form.sections.documents')}>
          {person.identity_documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('people.form.noDocuments')}
            </Text>
          ) : (
            person.identity_documents.map((doc) => (
              <Field key={`${doc.type}:${doc.number}`} label={t(`people.documentTypes.${doc.type}`)}>
                <Text size="sm" ff="monospace">
                  {doc.number}
                </Text>
              </Field>
            ))
          )}
        </Section>
        <Section title={t('people.form.sections.organization')}>
          <Field label={t('people.form.origin')}>
            <Plain value={person.origin ? t(`people.origin.${person.origin}`) : null} />
          </Field>
          {access.hasCompanies && (
            <Field label={t('people.form.company')}>{person.company ? <Values items={[{ label: person.company.name, href: companyHref(person.company.id) }]} /> : <Plain value={null} />}</Field>
          )}
          <Field label={t('people.form.positions')}>
            <Values items={person.positions.map((position) => ({ label: position.title, href: positionHref(position.id) }))} />
          </Field>
          {access.hasBusinessLines && (
            <Field label={t('people.form.businessLines')}>
              <Values items={person.business_lines.map((line) => ({ label: line.name, href: businessLineHref(line.id) }))} />
            </Field>
          )}
          <Field label={t('people.form.workspaces')}>
            <Values items={person.workspaces.map((place) => ({ label: place.name, href: venueHref(place.id) }))} />
          </Field>
          <Field label={t('people.form.roles')}>
            <Values items={person.roles.map((role) => ({ label: role }))} />
          </Field>
          <Field label={t('people.form.groups')}>
            <Values items={person.groups.map((group) => ({ label: group }))} />
          </Field>
        </Section>
        <Section title={t('people.detail.account')}>
          {access.canManage ? (
            <PersonAccess person={person} canAct={!isSelf && !isImpersonating} />
          ) : (
            <>
              <Field label={t('people.detail.hasAccount')}>
                <Plain value={person.has_account ? t('people.detail.yes') : t('people.detail.noAccountYet')} />
              </Field>
              <Field label={t('people.detail.lastSignIn')}>
                <Plain value={person.last_sign_in_at ? formatDateTime(person.last_sign_in_at) : null} />
              </Field>
            </>
          )}
          <Field label={t('people.detail.createdAt')}>
            <Plain value={formatDateTime(person.created_at)} />
          </Field>
          <Field label={t('people.detail.updatedAt')}>
            <Plain value={formatDateTime(person.updated_at)} />
          </Field>
        </Section>
      </SimpleGrid>

      <PersonTeam personId={person.id} positionId={person.positions[0]?.id ?? null} />
      <PersonAudiences personId={person.id} disabled={person.is_disabled} />
      {access.canManage && <PersonPermissions passport={person.passport} />}
      {access.canManage && <PersonHistory personId={person.id} />}
    </Stack>
  );
}
