import { z } from 'zod';

/** Links of interest — /api/links/v3 (decision 023): a tenant's links, each for an audience or everyone. */
export const LINKS_BASE = '/api/links/v3';

export const LINK_ICONS = ['link', 'world', 'file', 'book', 'video', 'calendar', 'shield', 'heart', 'tool', 'chart', 'mail', 'phone', 'users', 'school'] as const;
export type TLinkIcon = (typeof LINK_ICONS)[number];
export const LINKS_MAX = 500;

/** Only http and https: anything else (javascript:, data:, file:) is refused. */
const ZLinkUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Enter an http:// or https:// address.');

const linkFields = {
  title: z.string().trim().min(1).max(200),
  url: ZLinkUrl,
  icon: z.enum(LINK_ICONS),
  /** Links are grouped by it; null or empty = without a category. */
  category: z.string().trim().max(100).nullable(),
  /** An audience of the audiences module; null = everyone. */
  audience_id: z.string().max(100).nullable(),
  /** Order within its category (lowest first); new links go last. */
  position: z.number().int().min(0).max(100_000),
};

export const ZLinkWrite = z
  .object({
    ...linkFields,
    icon: linkFields.icon.default('link'),
    category: linkFields.category.default(null),
    audience_id: linkFields.audience_id.default(null),
    position: linkFields.position.optional(),
  })
  .meta({ id: 'LinkWrite' });
export type TLinkWrite = z.input<typeof ZLinkWrite>;
export const ZLinkUpdate = z.object(linkFields).partial().meta({ id: 'LinkUpdate' });
export type TLinkUpdate = z.input<typeof ZLinkUpdate>;

export const ZLink = z
  .object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    icon: z.enum(LINK_ICONS),
    category: z.string().nullable(),
    audience: z.object({ id: z.string(), name: z.string() }).nullable(),
    position: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Link' });
export type TLink = z.infer<typeof ZLink>;

export const ZLinkList = z.object({ count: z.number().int(), results: z.array(ZLink) });
export type TLinkList = z.infer<typeof ZLinkList>;
