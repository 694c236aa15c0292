import { z } from 'zod';

/**
 * Reports — /api/reports/v3 (decision 027). Categories hold reports; a report is a built-in chart
 * over Faena's own data (a kind of the server's chart registry) or an embedded dashboard of a BI
 * tool, whose short-lived token the server mints per viewer. A built-in report can get public
 * links (/reports/{public_id}) that can expire and be revoked.
 */
export const REPORTS_BASE = '/api/reports/v3';

export const BI_PROVIDERS = ['metabase', 'tableau', 'powerbi', 'superset'] as const;
export type TBiProvider = (typeof BI_PROVIDERS)[number];
export const REPORT_KINDS = ['builtin', ...BI_PROVIDERS] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];

/** How the points of a built-in chart are grouped: by period, or by who / what. */
export const REPORT_GROUPINGS = ['day', 'week', 'month', 'responsible', 'category', 'type', 'checklist'] as const;
export type TReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_TITLE_MAX = 200;
export const REPORT_RANGE_MAX_DAYS = 366;
/** Tokens minted for an embedded dashboard live this long (seconds). */
export const EMBED_TOKEN_SECONDS = 600;

const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });

export const ZReportParams = z
  .object({
    /** The last N days up to today, when no explicit range is asked. */
    range_days: z.number().int().min(1).max(REPORT_RANGE_MAX_DAYS).default(56),
    grouping: z.enum(REPORT_GROUPINGS).default('week'),
  })
  .meta({ id: 'ReportParams' });
export type TReportParams = z.infer<typeof ZReportParams>;

/** What an embedded dashboard is: its address as copied from the BI tool (its host must be one configured for the tenant). */
export const ZReportEmbed = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2000),
    /** Superset's embedded-dashboard uuid, Power BI's dataset id (row-level security), ... when the address alone does not name it. */
    resource_id: z.string().trim().max(200).nullable().default(null),
  })
  .meta({ id: 'ReportEmbed' });
export type TReportEmbed = z.infer<typeof ZReportEmbed>;

const reportFields = {
  title: z.string().trim().min(1).max(REPORT_TITLE_MAX),
  description: z.string().trim().max(2000),
  category_id: z.string().max(100),
  kind: z.enum(REPORT_KINDS),
  /** A built-in chart's key (GET charts/ lists them). */
  chart: z.string().max(100).nullable(),
  params: ZReportParams,
  embed: ZReportEmbed.nullable(),
  /** null = every member with VIEW_REPORTS. */
  audience_id: z.string().max(100).nullable(),
};

export const ZReportWrite = z
  .object({
    ...reportFields,
    description: reportFields.description.default(''),
    chart: reportFields.chart.default(null),
    params: ZReportParams.default({ range_days: 56, grouping: 'week' }),
    embed: reportFields.embed.default(null),
    audience_id: reportFields.audience_id.default(null),
  })
  .meta({ id: 'ReportWrite' });
export type TReportWrite = z.input<typeof ZReportWrite>;
export const ZReportUpdate = z.object(reportFields).partial().meta({ id: 'ReportUpdate' });
export type TReportUpdate = z.input<typeof ZReportUpdate>;

const ZRef = z.object({ id: z.string(), name: z.string() });

export const ZReport = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    category: ZRef,
    kind: z.enum(REPORT_KINDS),
    chart: z.string().nullable(),
    params: ZReportParams,
    embed: ZReportEmbed.nullable(),
    audience: ZRef.nullable(),
    position: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Report' });
export type TReport = z.infer<typeof ZReport>;

export const ZReportCategory = z.object({ id: z.string(), name: z.string(), position: z.number().int(), report_count: z.number().int() }).meta({ id: 'ReportCategory' });
export type TReportCategory = z.infer<typeof ZReportCategory>;
export const ZReportCategoryWrite = z.object({ name: z.string().trim().min(1).max(120), position: z.number().int().min(0).max(100_000).optional() }).meta({ id: 'ReportCategoryWrite' });
export type TReportCategoryWrite = z.infer<typeof ZReportCategoryWrite>;
export const ZReportCategoryOrder = z.object({ ids: z.array(z.string().max(100)).max(500) }).meta({ id: 'ReportCategoryOrder' });

export const ZReportList = z.object({ categories: z.array(ZReportCategory), results: z.array(ZReport) }).meta({ id: 'ReportList' });
export type TReportList = z.infer<typeof ZReportList>;

/** A built-in chart kind of the registry. */
export const ZChartKind = z.object({ key: z.string(), groupings: z.array(z.enum(REPORT_GROUPINGS)), default_grouping: z.enum(REPORT_GROUPINGS) }).meta({ id: 'ChartKind' });
export type TChartKind = z.infer<typeof ZChartKind>;

/** A chart's data: the series (stacked when `stacked`), one point per x value. Labels of series are keys the web translates. */
export const ZChartData = z
  .object({
    chart: z.string(),
    type: z.enum(['bar', 'line']),
    stacked: z.boolean(),
    unit: z.enum(['count', 'hours', 'percent']),
    grouping: z.enum(REPORT_GROUPINGS),
    from: day,
    to: day,
    series: z.array(z.string()),
    points: z.array(z.object({ key: z.string(), label: z.string(), values: z.record(z.string(), z.number()) })),
    totals: z.record(z.string(), z.number()),
  })
  .meta({ id: 'ChartData' });
export type TChartData = z.infer<typeof ZChartData>;

export const ZChartQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  grouping: z.enum(REPORT_GROUPINGS).optional(),
  /** IANA zone the days and weeks are counted in (the viewer's); UTC by default. */
  tz: z.string().max(64).optional(),
});
export type TChartQuery = z.infer<typeof ZChartQuery>;

/** What the page needs to show an embedded dashboard: never a secret, only a token that dies in 10 minutes. */
export const ZEmbedView = z
  .object({
    provider: z.enum(BI_PROVIDERS),
    /** The address to frame (Metabase: with its signed token inside). */
    url: z.string(),
    /** The token the provider's embedding library takes (Tableau connected-app JWT, Power BI embed token, Superset guest token). */
    token: z.string().nullable(),
    /** Power BI's report id, Superset's dashboard uuid. */
    resource_id: z.string().nullable(),
    expires_at: z.string(),
  })
  .meta({ id: 'EmbedView' });
export type TEmbedView = z.infer<typeof ZEmbedView>;

export const ZReportView = z.object({ report: ZReport, chart: ZChartData.nullable(), embed: ZEmbedView.nullable() }).meta({ id: 'ReportView' });
export type TReportView = z.infer<typeof ZReportView>;

export const ZPublicLink = z
  .object({
    id: z.string(),
    public_id: z.string(),
    path: z.string(),
    expires_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
    state: z.enum(['active', 'expired', 'revoked']),
  })
  .meta({ id: 'ReportPublicLink' });
export type TPublicLink = z.infer<typeof ZPublicLink>;
export const ZPublicLinkWrite = z.object({ expires_at: instant.nullable().default(null) }).meta({ id: 'ReportPublicLinkWrite' });

/** A public report, read signed out: its title and chart, nothing else. */
export const ZPublicReport = z.object({ title: z.string(), description: z.string(), organization: z.string(), chart: ZChartData }).meta({ id: 'PublicReport' });
export type TPublicReport = z.infer<typeof ZPublicReport>;

/** A BI tool's connection for the tenant: the secret is written, never read back (`has_secret`). */
export const ZBiConnectionWrite = z
  .object({
    /** The tool's address (https, or http on localhost); its host is allowed for embeds. */
    site_url: z.url({ protocol: /^https?$/ }).max(500),
    /** More hosts reports of this tool may embed from. */
    allowed_hosts: z.array(z.string().trim().toLowerCase().max(253)).max(20).default([]),
    /** Tableau: the connected app's client id; Power BI: the Azure AD app (client) id; Superset: the service user's name. */
    client_id: z.string().trim().max(200).nullable().default(null),
    /** Tableau: the connected app's secret id; Power BI: the Azure AD tenant (directory) id. */
    secret_id: z.string().trim().max(200).nullable().default(null),
    /** Tableau: the user the views are shown as; Power BI: the row-level-security role. */
    username: z.string().trim().max(200).nullable().default(null),
    /** Metabase: the locked parameter that receives the tenant; Superset: the column of its RLS clause. */
    tenant_param: z
      .string()
      .trim()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/)
      .default('tenant_id'),
    /** Superset's release (guest tokens need one without the known filter leaks). */
    version: z.string().trim().max(40).nullable().default(null),
    /** The secret (Metabase embedding key, Tableau secret value, Azure client secret, Superset password); omitted: keep the stored one. */
    secret: z.string().min(1).max(4000).optional(),
  })
  .meta({ id: 'BiConnectionWrite' });
export type TBiConnectionWrite = z.input<typeof ZBiConnectionWrite>;

export const ZBiConnection = z
  .object({
    provider: z.enum(BI_PROVIDERS),
    site_url: z.string(),
    allowed_hosts: z.array(z.string()),
    client_id: z.string().nullable(),
    secret_id: z.string().nullable(),
    username: z.string().nullable(),
    tenant_param: z.string(),
    version: z.string().nullable(),
    has_secret: z.boolean(),
    updated_at: z.string(),
  })
  .meta({ id: 'BiConnection' });
export type TBiConnection = z.infer<typeof ZBiConnection>;
