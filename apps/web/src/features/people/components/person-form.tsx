import { ActionIcon, Alert, Button, Group, Input, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TPerson } from '@faena/contracts';
import { FORM_MESSAGES } from '@faena/domain/forms/messages';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { fieldErrorsOf } from '../../../shared/api/field-errors.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { useUnsavedChanges } from '../../../shared/ui/use-unsaved-changes.ts';
import { PhotoField } from '../../../shared/uploads/photo-field.tsx';
import { PERSON_ORIGINS, type PersonOrigin } from '../api/get-people.ts';
import { useSavePerson } from '../api/save-person.ts';
import { changesOf, EMPTY_PERSON, firstErrorKey, IDENTITY_DOCUMENT_TYPES, mapServerErrors, requestOf, validatePerson, valuesOf, type FieldErrors, type PersonFormValues } from './person-form-model.ts';
import { checkMessage, serverFieldMessage } from './person-messages.ts';
import { PossibleDuplicates } from './possible-duplicates.tsx';
import { RemoteMultiSelect, RemoteSelect } from './remote-select.tsx';
import { Section } from '../../../shared/directory/section.tsx';
import { usePeopleAccess } from './use-can.ts';
import { returnAddress } from '../../../shared/navigation/last-address.ts';

/** The create and edit form of a person: every field of spec forms §3, checked as the server checks. */
export function PersonForm({ person }: { person?: TPerson | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = usePeopleAccess();
  const save = useSavePerson(person?.id);
  const [initial] = useState<PersonFormValues>(() => (person ? valuesOf(person) : EMPTY_PERSON));
  const [values, setValues] = useState<PersonFormValues>(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [savedId, setSavedId] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const dirty = savedId === null && JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  useEffect(() => {
    if (savedId) void navigate(`/people/${savedId}`, { replace: !person });
  }, [savedId, navigate, person]);

  const localErrors = validatePerson(values);
  const shown = (key: string): string | undefined => {
    const local = submitted || touched.has(key) ? localErrors[key] : undefined;
    return serverErrors[key] ?? (local === undefined ? undefined : checkMessage(t, local));
  };
  const touch = (key: string) => () => setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));

  /** Changes a value and forgets the server's error about it (the user is fixing it). */
  const set = <K extends keyof PersonFormValues>(key: K, value: PersonFormValues[K], errorKey: string = key) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => {
      const next = Object.fromEntries(Object.entries(current).filter(([field]) => field !== errorKey && !field.startsWith(`${errorKey}.`) && field !== 'form'));
      return Object.keys(next).length === Object.keys(current).length ? current : next;
    });
  };

  const scrollToFirst = (errors: FieldErrors) => {
    const key = firstErrorKey(errors);
    if (!key) return;
    requestAnimationFrame(() => {
      const target = formRef.current?.querySelector<HTMLElement>(`[data-field="${key}"]`) ?? formRef.current?.querySelector<HTMLElement>(`[data-field^="${key.split('.')[0]}"]`);
      target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      target?.querySelector<HTMLElement>('input, textarea')?.focus({ preventScroll: true });
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(localErrors).length > 0) {
      scrollToFirst(localErrors);
      return;
    }
    const body = person ? changesOf(initial, values) : requestOf(values);
    if (person && Object.keys(body).length === 0) {
      setSavedId(person.id);
      return;
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.show(person ? t('people.form.saved') : t('people.form.created', { name: saved.name }));
        setSavedId(saved.id);
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors) {
          const mapped = mapServerErrors(values, fieldErrors, (fieldError) => serverFieldMessage(t, fieldError));
          setServerErrors(mapped);
          scrollToFirst(mapped);
        } else if (isHttpError(error) && error.status === 403) {
          setServerErrors({ form: error.reason === 'beyond-own' ? t('people.messages.permissionsBeyondOwn') : t('people.form.forbidden') });
        } else {
          toast.error(t('errors.saveFailed'));
        }
      },
    });
  };

  const list = <K extends 'other_emails' | 'phones' | 'identity_documents'>(key: K, rows: PersonFormValues[K]) => set(key, rows, key);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="person-form">
      <Stack gap="md">
        <Section title={t('people.form.sections.identity')}>
          <Group align="flex-start" gap="lg" wrap="wrap">
            <div data-field="photo" style={{ minWidth: 220 }}>
              <Input.Label mb={4}>{t('people.form.photo')}</Input.Label>
              <PhotoField value={values.photo} onChange={(links) => set('photo', links)} maxPhotos={1} label={t('people.form.photo')} />
              {shown('photo') && (
                <Text size="xs" c="red" mt={4} role="alert">
                  {shown('photo')}
                </Text>
              )}
            </div>
            <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
              <TextInput
                data-field="name"
                label={t('people.form.name')}
                required
                value={values.name}
                onChange={(event) => set('name', event.currentTarget.value)}
                onBlur={touch('name')}
                error={shown('name')}
                maxLength={200}
                data-testid="person-name"
              />
              {!person && <PossibleDuplicates name={values.name} />}
            </Stack>
          </Group>
        </Section>

        <Section title={t('people.form.sections.contact')}>
          <TextInput
            data-field="primary_email"
            type="email"
            label={t('people.form.primaryEmail')}
            description={t('people.form.primaryEmailHelp')}
            value={values.primary_email}
            onChange={(event) => set('primary_email', event.currentTarget.value)}
            onBlur={touch('primary_email')}
            error={shown('primary_email')}
            autoComplete="off"
            data-testid="person-email"
          />
          <Stack gap={6}>
            <Input.Label>{t('people.form.otherEmails')}</Input.Label>
            {values.other_emails.map((email, index) => (
              <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-field={`other_emails.${index}`}>
                <TextInput
                  type="email"
                  aria-label={t('people.form.otherEmailN', { n: index + 1 })}
                  value={email}
                  onChange={(event) =>
                    list(
                      'other_emails',
                      values.other_emails.map((item, i) => (i === index ? event.currentTarget.value : item)),
                    )
                  }
                  onBlur={touch(`other_emails.${index}`)}
                  error={shown(`other_emails.${index}`)}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('people.form.remove')}
                  onClick={() =>
                    list(
                      'other_emails',
                      values.other_emails.filter((_, i) => i !== index),
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {shown('other_emails') && (
              <Text size="xs" c="red">
                {shown('other_emails')}
              </Text>
            )}
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => list('other_emails', [...values.other_emails, ''])}
                disabled={values.other_emails.length >= 10}
              >
                {t('people.form.addEmail')}
              </Button>
            </Group>
          </Stack>

          <Stack gap={6}>
            <Input.Label>{t('people.form.phones')}</Input.Label>
            {values.phones.map((phone, index) => (
              <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-field={`phones.${index}`}>
                <TextInput
                  type="tel"
                  aria-label={t('people.form.phoneN', { n: index + 1 })}
                  placeholder="+56 9 1234 5678"
                  value={phone.number}
                  onChange={(event) =>
                    list(
                      'phones',
                      values.phones.map((item, i) => (i === index ? { ...item, number: event.currentTarget.value } : item)),
                    )
                  }
                  onBlur={touch(`phones.${index}`)}
                  error={shown(`phones.${index}`)}
                  style={{ flex: 2 }}
                />
                <TextInput
                  aria-label={t('people.form.phoneLabelN', { n: index + 1 })}
                  placeholder={t('people.form.phoneLabel')}
                  value={phone.label}
                  onChange={(event) =>
                    list(
                      'phones',
                      values.phones.map((item, i) => (i === index ? { ...item, label: event.currentTarget.value } : item)),
                    )
                  }
                  maxLength={40}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('people.form.remove')}
                  onClick={() =>
                    list(
                      'phones',
                      values.phones.filter((_, i) => i !== index),
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {shown('phones') && (
              <Text size="xs" c="red">
                {shown('phones')}
              </Text>
            )}
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => list('phones', [...values.phones, { number: '', label: '' }])}
                disabled={values.phones.length >= 10}
              >
                {t('people.form.addPhone')}
              </Button>
            </Group>
          </Stack>

          <Textarea
            data-field="address"
            label={t('people.form.address')}
            value={values.address}
            onChange={(event) => set('address', event.currentTarget.value)}
            error={shown('address')}
            autosize
            minRows={2}
            maxLength={500}
          />
        </Section>

        <Section title={t('people.form.sections.documents')}>
          {values.identity_documents.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('people.form.noDocuments')}
            </Text>
          )}
          {values.identity_documents.map((doc, index) => (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-field={`identity_documents.${index}.number`}>
              <Select
                aria-label={t('people.form.documentTypeN', { n: index + 1 })}
                data={IDENTITY_DOCUMENT_TYPES.map((value) => ({ value, label: t(`people.documentTypes.${value}`) }))}
                value={doc.type}
                onChange={(value) =>
                  value &&
                  list(
                    'identity_documents',
                    values.identity_documents.map((item, i) => (i === index ? { ...item, type: value as typeof doc.type } : item)),
                  )
                }
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                style={{ flex: 1, minWidth: 120 }}
                data-testid={`person-document-type-${index}`}
              />
              <TextInput
                aria-label={t('people.form.documentNumberN', { n: index + 1 })}
                placeholder={t(`people.documentHints.${doc.type}`)}
                value={doc.number}
                onChange={(event) =>
                  list(
                    'identity_documents',
                    values.identity_documents.map((item, i) => (i === index ? { ...item, number: event.currentTarget.value } : item)),
                  )
                }
                onBlur={touch(`identity_documents.${index}.number`)}
                error={shown(`identity_documents.${index}.number`)}
                style={{ flex: 2 }}
                data-testid={`person-document-number-${index}`}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('people.form.remove')}
                onClick={() =>
                  list(
                    'identity_documents',
                    values.identity_documents.filter((_, i) => i !== index),
                  )
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {shown('identity_documents') && (
            <Text size="xs" c="red" data-field="identity_documents">
              {shown('identity_documents')}
            </Text>
          )}
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={() => list('identity_documents', [...values.identity_documents, { type: values.identity_documents.some((doc) => doc.type === 'CL_CI') ? 'PASSPORT' : 'CL_CI', number: '' }])}
              disabled={values.identity_documents.length >= 10}
              data-testid="person-add-document"
            >
              {t('people.form.addDocument')}
            </Button>
          </Group>
        </Section>

        <Section title={t('people.form.sections.organization')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              data-field="origin"
              label={t('people.form.origin')}
              placeholder={t('people.form.originPlaceholder')}
              data={PERSON_ORIGINS.map((value) => ({ value, label: t(`people.origin.${value}`) }))}
              value={values.origin}
              onChange={(value) => set('origin', (value as PersonOrigin | null) ?? null)}
              clearable
              error={shown('origin')}
              comboboxProps={{ withinPortal: true }}
              data-testid="person-origin"
            />
            {access.hasCompanies && (
              <div data-field="company">
                <RemoteSelect
                  source="companies"
                  label={t('people.form.company')}
                  placeholder={t('people.form.companyPlaceholder')}
                  value={values.company}
                  onChange={(value) => set('company', value)}
                  error={shown('company')}
                  testId="person-company"
                />
              </div>
            )}
            <div data-field="positions">
              <RemoteMultiSelect
                source="positions"
                label={t('people.form.positions')}
                value={values.positions}
                onChange={(value) => set('positions', value)}
                error={shown('positions')}
                testId="person-positions"
              />
            </div>
            {access.hasBusinessLines && (
              <div data-field="business_lines">
                <RemoteMultiSelect
                  source="business-lines"
                  label={t('people.form.businessLines')}
                  value={values.business_lines}
                  onChange={(value) => set('business_lines', value)}
                  error={shown('business_lines')}
                  testId="person-business-lines"
                />
              </div>
            )}
            <div data-field="workspaces">
              <RemoteMultiSelect
                source="venues"
                label={t('people.form.workspaces')}
                value={values.workspaces}
                onChange={(value) => set('workspaces', value)}
                error={shown('workspaces')}
                testId="person-workspaces"
              />
            </div>
            <TagsInput
              data-field="roles"
              label={t('people.form.roles')}
              description={t('people.form.tagsHelp')}
              value={values.roles}
              onChange={(value) => set('roles', value)}
              error={shown('roles')}
              maxTags={50}
              clearable
            />
            <TagsInput
              data-field="groups"
              label={t('people.form.groups')}
              description={t('people.form.tagsHelp')}
              value={values.groups}
              onChange={(value) => set('groups', value)}
              error={shown('groups')}
              maxTags={50}
              clearable
            />
          </SimpleGrid>
        </Section>

        {serverErrors.form && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-field="form">
            {serverErrors.form}
          </Alert>
        )}
        {submitted && Object.keys(localErrors).length > 0 && (
          <Text c="red" size="sm" role="alert">
            {FORM_MESSAGES.formHasErrors}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate(person ? `/people/${person.id}` : returnAddress('/people'))}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="person-save">
            {person ? t('common.save') : t('people.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
