import { Anchor, Group, Rating, Text } from '@mantine/core';
import {
  IconBulb,
  IconConfetti,
  IconFlame,
  IconHeart,
  IconMoodAngry,
  IconMoodConfused,
  IconMoodCry,
  IconMoodEmpty,
  IconMoodHappy,
  IconMoodHeart,
  IconMoodSad,
  IconMoodSmile,
  IconMoodSmileBeam,
  IconMoodSurprised,
  IconRocket,
  IconStar,
  IconThumbDown,
  IconThumbUp,
  type Icon,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { EMOTION_SCALES } from '@faena/domain/forms/field-types';
import type { FieldOf } from '@faena/domain/forms/schema';
import type { FieldProps } from '../field-props.ts';
import { useFieldT } from '../renderer-context.ts';
import classes from '../forms.module.css';

/** Faces from worst to best; each scale (3, 5, 7, 9 — spec §5) takes an evenly spread subset. */
const FACES: Record<number, Icon[]> = {
  3: [IconMoodSad, IconMoodEmpty, IconMoodHappy],
  5: [IconMoodCry, IconMoodSad, IconMoodEmpty, IconMoodSmile, IconMoodHappy],
  7: [IconMoodAngry, IconMoodCry, IconMoodSad, IconMoodEmpty, IconMoodSmile, IconMoodHappy, IconMoodSmileBeam],
  9: [IconMoodAngry, IconMoodCry, IconMoodSad, IconMoodConfused, IconMoodEmpty, IconMoodSmile, IconMoodHappy, IconMoodSmileBeam, IconMoodHeart],
};
const FACE_COLOURS = ['#c92a2a', '#d9480f', '#e8590c', '#e67700', '#5c636a', '#5c940d', '#2b8a3e', '#2b8a3e', '#1e5f51'];
const REACTIONS: Icon[] = [IconThumbDown, IconThumbUp, IconHeart, IconMoodHappy, IconMoodSurprised, IconConfetti, IconFlame, IconBulb, IconStar, IconRocket];

export function emotionIcons(max: number): Icon[] | undefined {
  return FACES[max];
}

export function emotionColour(value: number, max: number): string {
  const at = max <= 1 ? 0 : Math.round(((value - 1) / (max - 1)) * (FACE_COLOURS.length - 1));
  return FACE_COLOURS[Math.min(FACE_COLOURS.length - 1, Math.max(0, at))]!;
}

export function reactionIcon(value: number): Icon | undefined {
  return REACTIONS[value - 1];
}

function ClearLink({ onClear }: { onClear: () => void }) {
  const t = useFieldT();
  return (
    <Anchor component="button" type="button" size="xs" onClick={onClear}>
      {t('forms.clearChoice')}
    </Anchor>
  );
}

/** The level's label, and the clear link on the same line (nothing moves when either appears). */
function LabelLine({ text, children }: { text: string | undefined; children?: ReactNode }) {
  return (
    <Group gap="md" mih={22} mt={4} wrap="nowrap">
      <Text size="sm" c="dimmed" data-testid="rating-label">
        {text}
      </Text>
      {children}
    </Group>
  );
}

export function StarsField({ field, value, onChange, onBlur, disabled, describedBy }: FieldProps<FieldOf<'stars'>>) {
  const t = useFieldT();
  const current = typeof value === 'number' ? value : 0;
  const [hovered, setHovered] = useState(-1);
  const shown = hovered > 0 ? hovered : current;
  return (
    <div>
      <Rating
          count={field.max}
          value={current}
          onChange={(next) => onChange(next)}
          onHover={setHovered}
          readOnly={disabled}
          size="lg"
          onBlur={onBlur}
          aria-describedby={describedBy}
          getSymbolLabel={(value) => field.labels[value - 1] || t('forms.rating.stars', { count: value })}
      />
      <LabelLine text={shown > 0 ? field.labels[shown - 1] || `${shown}/${field.max}` : undefined}>
        {current > 0 && !disabled && !field.required && <ClearLink onClear={() => onChange(null)} />}
      </LabelLine>
    </div>
  );
}

interface IconScaleProps {
  icons: (value: number) => Icon | undefined;
  colour: (value: number, selected: boolean) => string | undefined;
  max: number;
  labels: readonly string[];
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled: boolean;
  required: boolean;
  describedBy: string | undefined;
  testPrefix: string;
}

/** One button per level (radio semantics), an icon each, the level's label below. */
function IconScale({ icons, colour, max, labels, value, onChange, onBlur, disabled, required, describedBy, testPrefix }: IconScaleProps) {
  const t = useFieldT();
  const current = typeof value === 'number' ? value : null;
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? current;
  return (
    <div>
      <div className={classes.faces} role="radiogroup" aria-describedby={describedBy} onMouseLeave={() => setHovered(null)}>
          {Array.from({ length: max }, (_, index) => {
            const level = index + 1;
            const LevelIcon = icons(level);
            const selected = current === level;
            return (
              <button
                key={level}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={labels[index] || t('forms.rating.level', { level, max })}
                title={labels[index] || undefined}
                className={classes.face}
                style={{ color: colour(level, selected) }}
                disabled={disabled}
                onClick={() => onChange(level)}
                onMouseEnter={() => setHovered(level)}
                onFocus={() => setHovered(level)}
                onBlur={() => {
                  setHovered(null);
                  onBlur();
                }}
                data-testid={`${testPrefix}-${level}`}
              >
                {LevelIcon ? <LevelIcon size={30} stroke={selected ? 2.2 : 1.6} /> : <span style={{ fontWeight: 700 }}>{level}</span>}
              </button>
            );
          })}
      </div>
      <LabelLine text={shown !== null ? labels[shown - 1] || `${shown}/${max}` : undefined}>
        {current !== null && !disabled && !required && <ClearLink onClear={() => onChange(null)} />}
      </LabelLine>
    </div>
  );
}

export function EmotionField({ field, value, onChange, onBlur, disabled, describedBy }: FieldProps<FieldOf<'emotion'>>) {
  const t = useFieldT();
  const faces = emotionIcons(field.max);
  if (!faces) {
    // Spec §5: emotion ratings exist only for scales of 3, 5, 7 and 9.
    return <Text c="red.9">{t('forms.rating.emotionScale', { scales: EMOTION_SCALES.join(', ') })}</Text>;
  }
  return (
    <IconScale
      icons={(level) => faces[level - 1]}
      colour={(level, selected) => (selected ? emotionColour(level, field.max) : 'var(--mantine-color-gray-6)')}
      max={field.max}
      labels={field.labels}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      required={field.required}
      describedBy={describedBy}
      testPrefix="emotion"
    />
  );
}

export function ReactionsField({ field, value, onChange, onBlur, disabled, describedBy }: FieldProps<FieldOf<'reactions'>>) {
  return (
    <IconScale
      icons={reactionIcon}
      colour={(_, selected) => (selected ? 'var(--mantine-color-faena-8)' : 'var(--mantine-color-gray-6)')}
      max={field.max}
      labels={field.labels}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      required={field.required}
      describedBy={describedBy}
      testPrefix="reaction"
    />
  );
}
