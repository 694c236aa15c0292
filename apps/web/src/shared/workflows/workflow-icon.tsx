import type { ComponentType } from 'react';
import {
  IconAlertTriangle,
  IconBox,
  IconBuildingStore,
  IconCalendar,
  IconCar,
  IconCash,
  IconClipboardList,
  IconFileText,
  IconGitBranch,
  IconHeart,
  IconMessage,
  IconReceipt,
  IconShieldCheck,
  IconShoppingCart,
  IconTool,
  IconTruck,
  IconUsers,
} from '@tabler/icons-react';

type IconComponent = ComponentType<{ size?: number | string; stroke?: number }>;

/** Icon names a workflow type may carry (the seed's 'shopping-cart' among them). */
const NAMED: Record<string, IconComponent> = {
  'shopping-cart': IconShoppingCart,
  'alert-triangle': IconAlertTriangle,
  box: IconBox,
  store: IconBuildingStore,
  calendar: IconCalendar,
  car: IconCar,
  cash: IconCash,
  clipboard: IconClipboardList,
  file: IconFileText,
  heart: IconHeart,
  message: IconMessage,
  receipt: IconReceipt,
  shield: IconShieldCheck,
  tool: IconTool,
  truck: IconTruck,
  users: IconUsers,
};

const textIcons = new Map<string, IconComponent>();

/** A short text icon (an emoji, written in the type's form) drawn at the icon's size. */
function textIcon(text: string): IconComponent {
  let found = textIcons.get(text);
  if (!found) {
    const TextIcon = ({ size = 24 }: { size?: number | string }) => (
      <span aria-hidden="true" style={{ fontSize: typeof size === 'number' ? size * 0.9 : size, lineHeight: 1, display: 'inline-block' }}>
        {text}
      </span>
    );
    found = TextIcon;
    textIcons.set(text, found);
  }
  return found;
}

/** The icon of a workflow type: a known name, a short text (emoji), or the workflows' branch. */
export function workflowIcon(icon: string | null | undefined): IconComponent {
  if (!icon) return IconGitBranch;
  const named = NAMED[icon.trim().toLowerCase()];
  if (named) return named;
  return /^[\p{L}\p{N}-]+$/u.test(icon.trim()) && icon.trim().length > 2 ? IconGitBranch : textIcon(icon.trim());
}

/** The icon of a workflow type, drawn (see {@link workflowIcon}). */
export function WorkflowIcon({ icon, size = 24, stroke = 1.7 }: { icon: string | null | undefined; size?: number; stroke?: number }) {
  const trimmed = icon?.trim() ?? '';
  const Named = NAMED[trimmed.toLowerCase()];
  if (Named) return <Named size={size} stroke={stroke} />;
  if (!trimmed || (/^[\p{L}\p{N}-]+$/u.test(trimmed) && trimmed.length > 2)) return <IconGitBranch size={size} stroke={stroke} />;
  return (
    <span aria-hidden="true" style={{ fontSize: size * 0.9, lineHeight: 1, display: 'inline-block' }}>
      {trimmed}
    </span>
  );
}
