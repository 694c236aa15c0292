import type { TEmbedView, TReportView } from '@faena/contracts';
import { REPORTS_BASE } from '@faena/contracts/reports';
import { apiClient } from '../../../shared/api/api-client.ts';

/** A token this close to its expiry is not handed to a BI tool: a fresh one is minted instead. */
export const TOKEN_MARGIN_MS = 2 * 60_000;

/** When to mint the next token of a dashboard: two minutes before the current one expires (at least 30 s from now). */
export function refreshDelay(embed: Pick<TEmbedView, 'expires_at'>, nowMs = Date.now()): number {
  const expires = Date.parse(embed.expires_at);
  if (!Number.isFinite(expires)) return 30_000;
  return Math.max(30_000, expires - TOKEN_MARGIN_MS - nowMs);
}

/** A freshly minted embed of a report for the signed-in viewer (the server mints per viewer, 10 minutes). */
export async function mintEmbed(reportId: string): Promise<TEmbedView> {
  const view = await apiClient.get<TReportView>(`${REPORTS_BASE}/reports/${encodeURIComponent(reportId)}/view/`);
  if (!view.embed) throw new Error('The report is not an embedded dashboard.');
  return view.embed;
}

/**
 * Power BI's embed address: the one the administrator pasted when it is already an embed address
 * (reportEmbed), else built from the report and workspace ids its address names.
 */
export function powerBiEmbedUrl(url: string, reportId: string | null): string {
  const parsed = new URL(url);
  if (/\/reportEmbed$/i.test(parsed.pathname)) return parsed.toString();
  const group = parsed.searchParams.get('groupId') ?? /\/groups\/([0-9a-f-]{36})/i.exec(parsed.pathname)?.[1];
  const report = reportId ?? parsed.searchParams.get('reportId') ?? /\/reports\/([0-9a-f-]{36})/i.exec(parsed.pathname)?.[1];
  const embed = new URL('/reportEmbed', parsed.origin);
  if (report) embed.searchParams.set('reportId', report);
  if (group) embed.searchParams.set('groupId', group);
  return embed.toString();
}

/** Where the Tableau Embedding API v3 library is served by a Tableau Server or Cloud site. */
export const TABLEAU_LIBRARY_PATH = '/javascripts/api/tableau.embedding.3.latest.min.js';
