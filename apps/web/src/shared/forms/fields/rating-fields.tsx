import { Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { EMOTION_SCALES } from '@faena/domain/forms/field-types';
import type { FieldOf } from '@faena/domain/forms/schema';
import type { FieldProps } from '../field-props.ts';
import { useFieldT, useRenderer } from '../renderer-context.ts';
import { ClearLink } from './clear-link.tsx';
import { emotionColour, emotionIcons, reactionIcon, spriteIcon, star } from './icon-sprite.tsx';
import classes from '../forms.module.css';

export { emotionColour, emotionIcons, reactionIcon } from './icon-sprite.tsx';

/** The level's label, and the clear link on the same line (nothing moves when either appears). */
function LabelLine({ text, children }: { text: string | undefined; children?: ReactNode }) {
  return (
    <div className={classes.levelLine}>
      <p className={classes.levelText} data-testid="rating-label">
        {text}
      </p>
      {children}
    </div>
  );
}

/** "3 estrellas": asked once per form and level (a form may have dozens of star fields). */
const starNames = new WeakMap<TFunction, string[]>();

function starName(t: TFunction, level: number): string {
  let names = starNames.get(t);
  if (!names) {
    names = [];
    starNames.set(t, names);
  }
  return (names[level] ??= t('forms.rating.stars', { count: level }));
}

/** "2 de 5": asked once per form, level and scale. */
const levelNames = new WeakMap<TFunction, Map<number, string[]>>();

function levelName(t: TFunction, level: number, max: number): string {
  let byMax = levelNames.get(t);
  if (!byMax) {
    byMax = new Map();
    levelNames.set(t, byMax);
  }
  let names = byMax.get(max);
  if (!names) {
    names = [];
    byMax.set(max, names);
  }
  return (names[level] ??= t('forms.rating.level', { level, max }));
}

/** The star under the pointer (1…max), from where it is along the row; null without a layout. */
function starAt(event: MouseEvent<HTMLElement>, max: number): number | null {
  const { left, right, width } = event.currentTarget.getBoundingClientRect();
  if (!(width > 0)) return null;
  const rtl = event.currentTarget.closest('[dir="rtl"]') !== null;
  const at = (rtl ? right - event.clientX : event.clientX - left) / (width / max);
  return Math.min(max, Math.max(1, Math.round(at + 0.5)));
}

/**
 * Stars as native radios, one per level, each labelled by its star (drawn like the library's
 * Rating, size lg, which costs several times more to mount). As there: the pointer previews the
 * level under it, a click chooses; the arrow keys move the focus and preview, Space or Enter
 * chooses; a first radio stands for "no stars" (choosing it clears the answer). Read-only, the
 * stars are a picture (no radios).
 */
export function StarsField({ field, value, onChange, onBlur, disabled, describedBy, inputId }: FieldProps<FieldOf<'stars'>>) {
  const t = useFieldT();
  const current = typeof value === 'number' ? value : 0;
  // The level drawn (pointer or keyboard), and the one the pointer is over (named below the stars).
  const [preview, setPreview] = useState(-1);
  const [hovered, setHovered] = useState(-1);
  const outside = useRef(true);
  const shown = hovered > 0 ? hovered : current;
  const drawn = preview !== -1 ? preview : current;
  const choose = (level: number) => onChange(level === 0 ? null : level);
  const labelOf = (level: number) => field.labels[level - 1] || starName(t, level);

  // Per star: its radio, then its label (the star itself), in a box that grows under the pointer
  // (the first box also holds the "no stars" pair). Plain elements, styled from `.stars`
  // (forms.module.css): a long form has hundreds of them.
  const item = (level: number) => {
    const id = `${inputId}-star-${level}`;
    const symbol = level === 0 ? <span /> : star(level <= drawn);
    if (disabled) {
      return level === 0 ? null : (
        <div key={level} data-read-only>
          {symbol}
        </div>
      );
    }
    return [
      <input
        key={`i${level}`}
        type="radio"
        id={id}
        name={inputId}
        checked={level === current}
        aria-label={labelOf(level)}
        onChange={() => setPreview(level)}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === ' ' || event.key === 'Enter') choose(level);
        }}
        onBlur={() => {
          if (outside.current) setPreview(-1);
        }}
      />,
      <label key={`l${level}`} htmlFor={id} onClick={() => choose(level)} data-none={level === 0 || undefined} data-shown={(level === 0 && drawn === 0) || undefined}>
        {symbol}
      </label>,
    ];
  };

  return (
    <>
      <div
        className={classes.stars}
        aria-describedby={describedBy}
        onBlur={onBlur}
        onMouseEnter={() => {
          if (!disabled) outside.current = false;
        }}
        onMouseMove={(event) => {
          if (disabled) return;
          const level = starAt(event, field.max);
          if (level === null) return;
          setPreview(level);
          setHovered(level);
        }}
        onMouseLeave={() => {
          if (disabled) return;
          outside.current = true;
          setPreview(-1);
          setHovered(-1);
        }}
        data-testid="stars"
      >
        {Array.from({ length: field.max }, (_, index) => (
          <div key={index} data-active={(!disabled && preview === index + 1) || undefined}>
            {index === 0 && item(0)}
            {item(index + 1)}
          </div>
        ))}
      </div>
      <LabelLine text={shown > 0 ? field.labels[shown - 1] || `${shown}/${field.max}` : undefined}>
        {current > 0 && !disabled && !field.required && <ClearLink onClear={() => onChange(null)} />}
      </LabelLine>
    </>
  );
}

interface IconScaleProps {
  icons: (value: number) => Icon | undefined;
  /** The colour of the chosen level (the others are grey, forms.module.css). */
  selectedColour: (value: number) => string;
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
function IconScale({ icons, selectedColour, max, labels, value, onChange, onBlur, disabled, required, describedBy, testPrefix }: IconScaleProps) {
  const { t, uid } = useRenderer();
  const current = typeof value === 'number' ? value : null;
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? current;
  return (
    <>
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
              aria-label={labels[index] || levelName(t, level, max)}
              title={labels[index] || undefined}
              className={classes.face}
              style={selected ? { color: selectedColour(level) } : undefined}
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
              {LevelIcon ? spriteIcon(uid, LevelIcon, selected ? 2.2 : 1.6) : <span style={{ fontWeight: 700 }}>{level}</span>}
            </button>
          );
        })}
      </div>
      <LabelLine text={shown !== null ? labels[shown - 1] || `${shown}/${max}` : undefined}>{current !== null && !disabled && !required && <ClearLink onClear={() => onChange(null)} />}</LabelLine>
    </>
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
      selectedColour={(level) => emotionColour(level, field.max)}
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
      selectedColour={() => 'var(--mantine-color-faena-8)'}
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
