import { Badge, Group, Slider, Text } from '@mantine/core';
import { interpretScaleValue, linearScalePoints } from '@faena/domain/forms/numbers';
import type { FieldOf } from '@faena/domain/forms/schema';
import type { FieldProps } from '../field-props.ts';
import { ClearLink } from './clear-link.tsx';
import classes from '../forms.module.css';

/** Scales with at most this many points are buttons; longer or continuous ones a slider. */
const MAX_BUTTONS = 11;

/**
 * The linear scale (value_in_num_range): start…stop by step, labels at both ends, and the name
 * of the interpretation the chosen value falls in.
 */
export function ScaleField({ field, value, onChange, onBlur, disabled, describedBy }: FieldProps<FieldOf<'value_in_num_range'>>) {
  const current = typeof value === 'number' ? value : null;
  const points = linearScalePoints(field, MAX_BUTTONS + 1);
  const meaning = current === null ? undefined : interpretScaleValue(current, field.interpretations);
  const labels = (field.start_label || field.stop_label) && (
    <div className={classes.scaleLabels} aria-hidden="true">
      <span>{field.start_label}</span>
      <span>{field.stop_label}</span>
    </div>
  );
  const footer = (
    <div className={classes.scaleFooter}>
      {meaning && (
        <Badge variant="light" data-testid="scale-meaning">
          {meaning}
        </Badge>
      )}
      {current !== null && !disabled && !field.required && <ClearLink onClear={() => onChange(null)} />}
    </div>
  );

  if (points.length > 0 && points.length <= MAX_BUTTONS) {
    const labelOf = (point: number, index: number) =>
      index === 0 && field.start_label ? `${point} — ${field.start_label}` : index === points.length - 1 && field.stop_label ? `${point} — ${field.stop_label}` : String(point);
    return (
      <>
        <div className={classes.scale} role="radiogroup" aria-describedby={describedBy}>
          {points.map((point, index) => (
            <button
              key={point}
              type="button"
              role="radio"
              aria-checked={current === point}
              aria-label={labelOf(point, index)}
              className={classes.scalePoint}
              disabled={disabled}
              onClick={() => onChange(point)}
              onBlur={onBlur}
              data-testid={`scale-${point}`}
            >
              {point}
            </button>
          ))}
        </div>
        {labels}
        {footer}
      </>
    );
  }
  const step = field.step > 0 ? field.step : (field.stop - field.start) / 100;
  return (
    <div>
      <Group gap="md" wrap="nowrap" align="center">
        <Slider
          style={{ flex: 1 }}
          min={field.start}
          max={field.stop}
          step={step}
          value={current ?? field.start}
          onChange={(next) => onChange(next)}
          onChangeEnd={onBlur}
          disabled={disabled}
          label={(shown) => String(shown)}
          marks={[{ value: field.start }, { value: field.stop }]}
          thumbProps={{ 'aria-describedby': describedBy } as never}
          styles={current === null ? { bar: { opacity: 0.25 }, thumb: { opacity: 0.6 } } : undefined}
        />
        <Text fw={600} miw={48} ta="right">
          {current ?? '—'}
        </Text>
      </Group>
      {labels}
      {footer}
    </div>
  );
}
