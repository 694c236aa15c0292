import { Button, Group, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_MAIL_MAX_RECIPIENTS, REPORT_MAIL_MESSAGE_MAX } from '@faena/contracts/checklists';
import { toast } from '../../../shared/ui/toasts.ts';
import { useMailReport } from '../api/checklists-api.ts';
import { reportMailErrors, type ReportMailErrors } from '../lib/report-mail-errors.ts';
import { PersonPicker, type PersonChoice } from './person-picker.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Enviar por correo": the execution's PDF report to people of the directory and typed addresses (at most 10), with an optional message. */
export function ReportMailForm({ executionId, onClose }: { executionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useMailReport(executionId);
  const [people, setPeople] = useState<PersonChoice[]>([]);
  const [emails, setEmails] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<ReportMailErrors>({});

  const submit = () => {
    const wrong = emails.find((email) => !EMAIL.test(email));
    const total = new Set([...people.map((person) => `p:${person.passport}`), ...emails.map((email) => email.toLowerCase())]).size;
    const next: typeof errors = {};
    if (wrong) next.emails = t('checklists.mail.invalidEmail', { email: wrong });
    if (total === 0) next.form = t('checklists.mail.required');
    else if (total > REPORT_MAIL_MAX_RECIPIENTS) next.form = t('checklists.mail.tooMany', { max: REPORT_MAIL_MAX_RECIPIENTS });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    send.mutate(
      { people: people.map((person) => person.passport), emails, ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: (sent) => {
          toast.show(t('checklists.mail.sent', { count: sent.recipients.length }));
          onClose();
        },
        // the server's refusals in the reader's words (its English text only for an unknown code)
        onError: (error) => setErrors(reportMailErrors(error, t, { people, emails })),
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="report-mail-form">
      <PersonPicker
        label={t('checklists.mail.people')}
        description={t('checklists.mail.peopleHint')}
        value={people}
        onChange={setPeople}
        maxValues={REPORT_MAIL_MAX_RECIPIENTS}
        error={errors.people}
        testId="report-mail-people"
      />
      <TagsInput
        label={t('checklists.mail.emails')}
        description={t('checklists.mail.emailsHint')}
        value={emails}
        onChange={(next) => setEmails(next.map((email) => email.trim()).filter(Boolean))}
        splitChars={[',', ' ', ';']}
        acceptValueOnBlur
        clearable
        error={errors.emails}
        size="md"
        data-testid="report-mail-emails"
      />
      <Textarea
        label={t('checklists.mail.message')}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={REPORT_MAIL_MESSAGE_MAX}
        data-testid="report-mail-message"
      />
      <Text size="sm" c="dimmed">
        {t('checklists.mail.attached')}
      </Text>
      {errors.form && (
        <Text size="sm" c="red.8" role="alert" data-testid="report-mail-error">
          {errors.form}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={send.isPending} leftSection={<IconSend size={18} />} data-testid="report-mail-send">
          {t('checklists.mail.send')}
        </Button>
      </Group>
    </Stack>
  );
}
