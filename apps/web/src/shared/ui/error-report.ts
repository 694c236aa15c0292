import { HttpError, NetworkError } from '../api/http-error.ts';
import { BUILD_INFO } from '../config/build-info.ts';

export interface ErrorReport {
  name: string;
  message: string;
  stack: string;
  at: string;
  page: string;
  userAgent: string;
  version: string;
  http: { status: number; method: string; url: string; contentType: string; body: string; isHtml: boolean } | null;
}

export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  // Route errors thrown as responses (react-router's ErrorResponse) carry status and data.
  if (typeof value === 'object' && value !== null && 'status' in value) {
    const { status, statusText, data } = value as { status: unknown; statusText?: unknown; data?: unknown };
    return new Error(`${String(status)} ${typeof statusText === 'string' ? statusText : ''} ${typeof data === 'string' ? data : ''}`.trim());
  }
  return new Error(typeof value === 'string' ? value : JSON.stringify(value));
}

export function buildErrorReport(value: unknown, now = new Date()): ErrorReport {
  const error = toError(value);
  const http =
    error instanceof HttpError
      ? { status: error.status, method: error.method, url: error.url, contentType: error.contentType, body: error.bodyText, isHtml: error.isHtml }
      : error instanceof NetworkError
        ? { status: 0, method: error.method, url: error.url, contentType: '', body: '', isHtml: false }
        : null;
  return {
    name: error.name,
    message: error.message,
    stack: error.stack ?? '',
    at: now.toISOString(),
    page: typeof location === 'undefined' ? '' : location.href,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    version: `${BUILD_INFO.version} (${BUILD_INFO.commit}, ${BUILD_INFO.builtAt})`,
    http,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** A self-contained HTML page with everything support needs: the error, its stack and the server's answer. */
export function errorReportHtml(report: ErrorReport): string {
  const rows: [string, string][] = [
    ['Error', `${report.name}: ${report.message}`],
    ['When', report.at],
    ['Page', report.page],
    ['Version', report.version],
    ['Browser', report.userAgent],
  ];
  if (report.http) rows.push(['Request', `${report.http.method} ${report.http.url} → ${report.http.status || 'network error'}`]);
  const response = report.http?.body
    ? `<h2>Server response</h2>${report.http.isHtml ? `<iframe title="Server response" sandbox srcdoc="${escapeHtml(report.http.body)}" style="width:100%;height:24rem;border:1px solid #ccc"></iframe>` : ''}<pre>${escapeHtml(report.http.body)}</pre>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Faena error report ${escapeHtml(report.at)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem;color:#1b2623}th{text-align:left;padding-right:1rem;vertical-align:top}pre{background:#f4f6f5;padding:1rem;overflow:auto;white-space:pre-wrap}</style></head>
<body><h1>Faena error report</h1><table>${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<h2>Stack</h2><pre>${escapeHtml(report.stack || '(no stack)')}</pre>${response}</body></html>`;
}
