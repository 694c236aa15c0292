import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCurrentLocation, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import type { FieldOf } from '@faena/domain/forms/schema';
import { ownValue } from '@faena/domain/forms/show-if';
import type { FieldProps } from '../field-props.ts';
import { useFieldT, useRenderer } from '../renderer-context.ts';

/** Above this, the position is shown with a warning: it may be a block away. */
const POOR_ACCURACY_M = 100;

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

/** The device's position with its accuracy: {latitude, longitude, accuracy}. */
export function GpsField({ field, value, onChange, onBlur, disabled, describedBy }: FieldProps<FieldOf<'gps'>>) {
  const t = useFieldT();
  const { language } = useRenderer();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const latitude = ownValue(value, 'latitude');
  const longitude = ownValue(value, 'longitude');
  const accuracy = ownValue(value, 'accuracy');
  const hasPosition = typeof latitude === 'number' && typeof longitude === 'number';

  const locate = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setProblem(t('forms.gps.unsupported'));
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onChange({
          latitude: round(position.coords.latitude, 7),
          longitude: round(position.coords.longitude, 7),
          accuracy: round(position.coords.accuracy, 1),
        });
        onBlur();
      },
      (error) => {
        setLocating(false);
        setProblem(error.code === error.PERMISSION_DENIED ? t('forms.gps.denied') : error.code === error.TIMEOUT ? t('forms.gps.timeout') : t('forms.gps.unavailable'));
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  };

  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 6, minimumFractionDigits: 6 });
  return (
    <Stack gap="xs" aria-describedby={describedBy}>
      {hasPosition && (
        <Paper withBorder p="sm" radius="md" data-testid="gps-position">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconMapPin size={22} color="var(--mantine-color-faena-8)" style={{ flex: 'none', marginTop: 2 }} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {number.format(latitude)}, {number.format(longitude)}
              </Text>
              {typeof accuracy === 'number' && (
                <Text size="xs" c={accuracy > POOR_ACCURACY_M ? 'orange.9' : 'dimmed'}>
                  {t('forms.gps.accuracy', { meters: Math.round(accuracy) })}
                  {accuracy > POOR_ACCURACY_M ? ` · ${t('forms.gps.poor')}` : ''}
                </Text>
              )}
              <Anchor size="xs" href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`} target="_blank" rel="noopener noreferrer">
                {t('forms.gps.viewMap')}
              </Anchor>
            </div>
          </Group>
        </Paper>
      )}
      <Group gap="sm">
        <Button variant={hasPosition ? 'default' : 'light'} leftSection={<IconCurrentLocation size={18} />} loading={locating} disabled={disabled} onClick={locate} data-testid="gps-locate">
          {hasPosition ? t('forms.gps.update') : t('forms.gps.locate')}
        </Button>
        {hasPosition && !disabled && (
          <Button variant="subtle" color="gray" onClick={() => onChange(null)}>
            {t('forms.gps.remove')}
          </Button>
        )}
      </Group>
      {problem && (
        <Alert color="orange" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {field.placeholder && !hasPosition && (
        <Text size="xs" c="dimmed">
          {field.placeholder}
        </Text>
      )}
    </Stack>
  );
}
