import {
  IconBook,
  IconCalendar,
  IconChartBar,
  IconFileText,
  IconHeart,
  IconLink,
  IconMail,
  IconPhone,
  IconSchool,
  IconShieldCheck,
  IconTool,
  IconUsers,
  IconVideo,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { TLinkIcon } from '@faena/contracts';

export const LINK_ICON_COMPONENTS: Record<TLinkIcon, Icon> = {
  link: IconLink,
  world: IconWorld,
  file: IconFileText,
  book: IconBook,
  video: IconVideo,
  calendar: IconCalendar,
  shield: IconShieldCheck,
  heart: IconHeart,
  tool: IconTool,
  chart: IconChartBar,
  mail: IconMail,
  phone: IconPhone,
  users: IconUsers,
  school: IconSchool,
};

export function LinkIcon({ icon, size = 20 }: { icon: TLinkIcon; size?: number }) {
  const Component = LINK_ICON_COMPONENTS[icon] ?? IconLink;
  return <Component size={size} aria-hidden="true" />;
}
