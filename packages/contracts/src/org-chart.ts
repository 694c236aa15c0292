import { z } from 'zod';
import { ZPageQuery } from './common.ts';

const ZPersonSummary = z.object({ id: z.string(), passport: z.string(), name: z.string(), picture: z.string().nullable() }).meta({ id: 'PersonSummary' });
export type TPersonSummary = z.infer<typeof ZPersonSummary>;

/** Spec forms §3 "Position", plus code, counts and times. `default_permissions` is the bit mask of the list over PERMISSION_KEYS. */
export const ZPosition = z
  .object({
    id: z.string(),
    title: z.string(),
    department: z.string().nullable(),
    code: z.string().nullable(),
    is_root: z.boolean(),
    organization: z.string(),
    tenant: z.string(),
    parents: z.array(z.string()),
    people: z.array(ZPersonSummary),
    people_count: z.number().int(),
    default_permission_list: z.array(z.string()),
    default_permissions: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Position' });
export type TPosition = z.infer<typeof ZPosition>;

export const ZCreatePositionRequest = z.object({
  title: z.string().trim().min(1).max(200),
  department: z.string().trim().max(200).nullable().optional(),
  code: z.string().trim().max(100).nullable().optional(),
  is_root: z.boolean().optional(),
  parents: z.array(z.string().max(100)).max(50).optional(),
  people: z.array(z.string().max(100)).max(5000).optional(),
  default_permission_list: z.array(z.string().max(100)).max(100).optional(),
});
export type TCreatePositionRequest = z.infer<typeof ZCreatePositionRequest>;
/**
 * `people_added` / `people_removed` change the holders and leave the rest as they are, so two
 * editors of one position (or one editing it while someone is given it from their own page) keep
 * each other's changes; `people` replaces the whole set. Not both at once.
 */
export const ZUpdatePositionRequest = ZCreatePositionRequest.partial().extend({
  people_added: z.array(z.string().max(100)).max(5000).optional(),
  people_removed: z.array(z.string().max(100)).max(5000).optional(),
});
export type TUpdatePositionRequest = z.infer<typeof ZUpdatePositionRequest>;
export const ZPositionListQuery = ZPageQuery.extend({
  search: z.string().max(200).optional(),
  /** `true`: the positions nobody holds; `false`: those somebody holds; absent: every one. */
  vacant: z.enum(['true', 'false']).optional(),
});

/** Spec forms §3 "Organisation chart". */
export const ZOrgChart = z
  .object({
    organization_id: z.string(),
    organization_name: z.string(),
    nodes: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        department: z.string().nullable(),
        is_root: z.boolean(),
        persons: z.array(ZPersonSummary),
        additional_count: z.number().int(),
      }),
    ),
    edges: z.array(z.object({ from: z.string(), to: z.string() })),
  })
  .meta({ id: 'OrgChart' });
export type TOrgChart = z.infer<typeof ZOrgChart>;

// ------------------------------------------------------------------------------------------
// Audiences and the permissions calculator

const ids = z.array(z.string().max(100)).max(5000);
export const ZAudienceRules = z.object({ positions: ids.default([]), venues: ids.default([]), business_lines: ids.default([]), persons: ids.default([]) }).meta({ id: 'AudienceRules' });
export type TAudienceRules = z.infer<typeof ZAudienceRules>;

export const ZAudience = z
  .object({ id: z.string(), name: z.string(), description: z.string().nullable(), rules: ZAudienceRules, created_at: z.string(), updated_at: z.string() })
  .meta({ id: 'Audience' });
export type TAudience = z.infer<typeof ZAudience>;

/** Which of an audience's rules take a person in. */
export const AUDIENCE_MATCHES = ['position', 'venue', 'business_line', 'person'] as const;
export type AudienceMatch = (typeof AUDIENCE_MATCHES)[number];
/** The audiences a person belongs to (a disabled person: none), by name, each with the rules that take them in. */
export const ZPersonAudiences = z.object({ results: z.array(z.object({ id: z.string(), name: z.string(), matched_by: z.array(z.enum(AUDIENCE_MATCHES)) })) }).meta({ id: 'PersonAudiences' });
export type TPersonAudiences = z.infer<typeof ZPersonAudiences>;
export const ZCreateAudienceRequest = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  rules: ZAudienceRules.default({ positions: [], venues: [], business_lines: [], persons: [] }),
});
/** Some of an audience's rules: ids to add to, or take off, each list. */
export const ZAudienceRuleChanges = z.object({ positions: ids.optional(), venues: ids.optional(), business_lines: ids.optional(), persons: ids.optional() }).meta({ id: 'AudienceRuleChanges' });
export type TAudienceRuleChanges = z.infer<typeof ZAudienceRuleChanges>;
/**
 * `rules` replaces every list; `rules_added` / `rules_removed` change the lists and leave the rest
 * as they are, so two managers editing one audience keep each other's changes. Not both at once.
 */
export const ZUpdateAudienceRequest = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  rules: ZAudienceRules.optional(),
  rules_added: ZAudienceRuleChanges.optional(),
  rules_removed: ZAudienceRuleChanges.optional(),
});
export type TUpdateAudienceRequest = z.infer<typeof ZUpdateAudienceRequest>;
export const ZAudiencePreviewRequest = z.object({ rules: ZAudienceRules });
export const ZAudienceListQuery = ZPageQuery.extend({ search: z.string().max(200).optional() });

/**
 * The people pickers of forms offer any member (who may not hold VIEW_PEOPLE): a name and the
 * titles of their positions, nothing of their contact or identity data. A search finds people by
 * their name only; `ids` names picked ones back (disabled ones too: an old answer keeps its name).
 */
export const ZPersonOptionsQuery = z.object({
  search: z.string().max(200).optional(),
  audience: z.string().max(100).optional(),
  ids: z
    .string()
    .max(4000)
    .optional()
    .transform((value) =>
      value
        ? [
            ...new Set(
              value
                .split(',')
                .map((id) => id.trim())
                .filter(Boolean),
            ),
          ]
        : undefined,
    )
    .refine((value) => !value || value.length <= 100, 'At most 100 ids.'),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZPersonOption = z.object({ id: z.string(), name: z.string(), positions: z.array(z.string()), is_disabled: z.boolean() }).meta({ id: 'PersonOption' });
export type TPersonOption = z.infer<typeof ZPersonOption>;
/** A page of options, and whether more match (a picker asks to narrow the search then). */
export const ZPersonOptions = z.object({ results: z.array(ZPersonOption), more: z.boolean() }).meta({ id: 'PersonOptions' });
export type TPersonOptions = z.infer<typeof ZPersonOptions>;

export const ZPermissionsCalculatorRequest = z.object({ positions: ids.optional(), persons: ids.optional(), audience: z.string().max(100).optional() });
export const ZPermissionsCalculatorResponse = z
  .object({
    persons_count: z.number().int(),
    positions_count: z.number().int(),
    permissions: z.array(
      z.object({
        key: z.string(),
        meaning: z.string(),
        granted_count: z.number().int(),
        granted_by: z.array(z.object({ type: z.enum(['person', 'position']), id: z.string(), name: z.string() })),
      }),
    ),
  })
  .meta({ id: 'PermissionsCalculation' });
export type TPermissionsCalculatorResponse = z.infer<typeof ZPermissionsCalculatorResponse>;

// ------------------------------------------------------------------------------------------
// The organisation's profile (getCurrentOrganization)

export const ZOrganization = z
  .object({
    id: z.string(),
    subdomain: z.string(),
    name: z.string(),
    logo_url: z.string().nullable(),
    logo_upload_id: z.string().nullable(),
    disabled_modules: z.array(z.string()),
    timezone: z.string(),
    /** The brand colour (#rrggbb) of the installed app's title bar and splash; null: Faena's (decision 030). */
    brand_color: z.string().nullable(),
  })
  .meta({ id: 'Organization' });
export type TOrganization = z.infer<typeof ZOrganization>;
export const ZUpdateOrganizationRequest = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  logo_upload_id: z.string().max(100).nullable().optional(),
  timezone: z.string().max(64).optional(),
  /** #rrggbb; null or '' goes back to Faena's colour. Anything else is refused with reason invalid-color. */
  brand_color: z.string().max(100).nullable().optional(),
});
