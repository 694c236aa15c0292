import { describe, expect, it } from 'vitest';
import { powerBiEmbedUrl, refreshDelay } from './embed-token.ts';

describe('embedded dashboards: token timing and Power BI addresses', () => {
  it('mints the next token two minutes before the current one expires, never sooner than 30 s', () => {
    const now = Date.parse('2026-03-02T12:00:00Z');
    expect(refreshDelay({ expires_at: '2026-03-02T12:10:00Z' }, now)).toBe(8 * 60_000);
    expect(refreshDelay({ expires_at: '2026-03-02T12:02:10Z' }, now)).toBe(30_000);
    expect(refreshDelay({ expires_at: 'not a date' }, now)).toBe(30_000);
  });

  it('builds the report-embed address from a report address, and keeps one that already is', () => {
    const group = '11111111-2222-3333-4444-555555555555';
    const report = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';
    expect(powerBiEmbedUrl(`https://app.powerbi.com/groups/${group}/reports/${report}/ReportSection`, report)).toBe(`https://app.powerbi.com/reportEmbed?reportId=${report}&groupId=${group}`);
    expect(powerBiEmbedUrl(`https://app.powerbi.com/reportEmbed?reportId=${report}&groupId=${group}`, report)).toBe(`https://app.powerbi.com/reportEmbed?reportId=${report}&groupId=${group}`);
    // a sovereign cloud keeps its host
    expect(powerBiEmbedUrl(`https://app.powerbigov.us/groups/${group}/reports/${report}`, null)).toBe(`https://app.powerbigov.us/reportEmbed?reportId=${report}&groupId=${group}`);
  });
});
