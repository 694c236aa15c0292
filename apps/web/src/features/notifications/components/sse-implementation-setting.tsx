import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getDevtoolsSetting, setSseImplementation, subscribeDevtoolsSetting, type SseImplementation } from '../stream/stream-settings.ts';

/** Spec §3 devtools setting `sseImplementation`, for the debug view: the stream restarts on change. */
export function SseImplementationSetting() {
  const { t } = useTranslation();
  const setting = useSyncExternalStore(subscribeDevtoolsSetting, getDevtoolsSetting, getDevtoolsSetting);
  const hasNative = typeof EventSource !== 'undefined';
  return (
    <Stack gap={4}>
      <Text size="sm" id="sse-implementation-label">
        {t('notifications.devtools.sseImplementation')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby="sse-implementation-label"
        value={setting.sseImplementation}
        onChange={(value) => setSseImplementation(value as SseImplementation)}
        data={[
          { value: 'event-source-plus', label: 'event-source-plus' },
          { value: 'native', label: t('notifications.devtools.native'), disabled: !hasNative },
        ]}
        data-testid="sse-implementation"
      />
      <Text size="xs" c="dimmed">
        {t('notifications.devtools.nativeNote')}
      </Text>
    </Stack>
  );
}
