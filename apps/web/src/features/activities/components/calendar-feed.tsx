import { Alert, Button, CopyButton, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarShare, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarFeed, useResetCalendarFeed } from '../api/activities-api.ts';

/** "Suscribirse al calendario": the caller's secret .ics address, to copy or renew. */
export function CalendarFeedButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconCalendarShare size={18} />} onClick={() => setOpened(true)} data-testid="calendar-feed-open">
        {t('activities.feed.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('activities.feed.title')} centered>
        {opened && <CalendarFeed />}
      </Modal>
    </>
  );
}

function CalendarFeed() {
  const { t } = useTranslation();
  const feed = useCalendarFeed(true);
  const reset = useResetCalendarFeed();
  if (feed.isPending) return <Loader />;
  if (feed.isError) return <Alert color="red">{t('activities.feed.error')}</Alert>;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('activities.feed.explain')}</Text>
      <TextInput readOnly value={feed.data.url} label={t('activities.feed.url')} onFocus={(event) => event.currentTarget.select()} data-testid="calendar-feed-url" />
      <Text size="sm" c="dimmed">
        {t('activities.feed.secret')}
      </Text>
      <Group justify="space-between">
        <Button variant="subtle" color="red" leftSection={<IconRefresh size={16} />} loading={reset.isPending} onClick={() => reset.mutate()}>
          {t('activities.feed.reset')}
        </Button>
        <CopyButton value={feed.data.url}>
          {({ copied, copy }) => (
            <Button leftSection={<IconCopy size={16} />} onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? t('activities.feed.copied') : t('activities.feed.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      {reset.isError && <Alert color="red">{t('activities.feed.error')}</Alert>}
    </Stack>
  );
}
