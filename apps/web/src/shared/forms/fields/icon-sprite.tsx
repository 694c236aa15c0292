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
  IconScan,
  IconStar,
  IconThumbDown,
  IconThumbUp,
  type Icon,
} from '@tabler/icons-react';
import type { FormField } from '@faena/domain/forms/schema';
import classes from '../forms.module.css';

/**
 * The icons fields draw many times over (rating faces, reactions, the code field's scan button)
 * are defined once per form, as an SVG sprite, and each field draws them with `<use>`:
 * two SVG nodes with a couple of attributes instead of an icon's five to ten nodes and dozens of
 * attributes, which in a long form cost more to create than the buttons around them. The picture
 * is the same: the same paths, in the same coordinates, with the same stroke.
 */

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

export { IconScan };

/** The library's star (Mantine's Rating symbol). */
const STAR_PATH = 'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

const SPRITE: readonly Icon[] = [...new Set([...Object.values(FACES).flat(), ...REACTIONS, IconScan])];
const SPRITE_INDEX = new Map(SPRITE.map((icon, at) => [icon, at]));

/** The sprite's icons the definition's fields draw (at any depth), in sprite order; none: no sprite. */
export function spriteIconsOf(fields: readonly FormField[]): Icon[] {
  const used = new Set<Icon>();
  const visit = (list: readonly FormField[]) => {
    for (const field of list) {
      if (field.type === 'emotion') for (const icon of FACES[field.max] ?? []) used.add(icon);
      else if (field.type === 'reactions') for (const icon of REACTIONS.slice(0, field.max)) used.add(icon);
      else if (field.type === 'code') used.add(IconScan);
      else if (field.type === 'form') visit(field.fields);
    }
  };
  visit(fields);
  return SPRITE.filter((icon) => used.has(icon));
}

/** The symbols, once per form; `uid` keeps their ids apart from another form's on the page. */
export function IconSprite({ uid, icons }: { uid: string; icons: readonly Icon[] }) {
  return (
    <svg className={classes.sprite} aria-hidden="true" focusable="false" data-testid="icon-sprite">
      {icons.map((SpriteIcon) => (
        <symbol key={SPRITE_INDEX.get(SpriteIcon)} id={`${uid}-icon-${SPRITE_INDEX.get(SpriteIcon)}`} viewBox="0 0 24 24">
          {/* The stroke width comes from each use (selected faces are drawn bolder). */}
          <SpriteIcon stroke="inherit" />
        </symbol>
      ))}
    </svg>
  );
}

/** A sprite icon drawn with `stroke` (Tabler's units) in the text colour; its size comes from CSS. */
export function spriteIcon(uid: string, icon: Icon, stroke: number) {
  return (
    <svg strokeWidth={stroke}>
      <use href={`#${uid}-icon-${SPRITE_INDEX.get(icon) ?? 0}`} />
    </svg>
  );
}

/**
 * The library's star, filled or not (size and colours from `.stars`, forms.module.css). Drawn in
 * place, not from the sprite: a single path costs less than a `<use>`, which the browser expands
 * into a copy of its symbol for each star.
 */
export function star(filled: boolean) {
  return (
    <svg data-filled={filled || undefined} viewBox="0 0 24 24">
      <path d={STAR_PATH} />
    </svg>
  );
}
