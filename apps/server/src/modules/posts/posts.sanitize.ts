import { UPLOAD_BASE } from '@faena/contracts';
import { VIDEO_ID_PATTERN } from '@faena/contracts/posts';

/**
 * A post's body is kept as sanitised HTML: the tags the rich-text editor produces, without
 * attributes, except links (http, https or mailto href), images of this tenant's stored files
 * (the document manager's download links) and video embeds (`<div data-video-id>` with an id of
 * spec §5). Everything else is escaped or dropped (a script's tags go with their content).
 * The same approach as the activities' descriptions; posts also carry images and videos.
 */
const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'a', 'hr', 'img', 'div']);
const VOID = new Set(['br', 'hr', 'img']);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math']);

const escapeText = (text: string) =>
  text
    .replace(/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function attribute(attributes: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
  if (!m) return null;
  return (m[1] ?? m[2] ?? m[3] ?? '').trim();
}

const DOWNLOAD_LINK = new RegExp(`^${UPLOAD_BASE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[A-Za-z0-9_-]{1,200}/download$`);

/** The upload ids of the images a body shows (they must be the tenant's files). */
export function imageUploadIds(html: string): string[] {
  const ids: string[] = [];
  for (const m of html.matchAll(/<img\s[^>]*src="([^"]+)"/g)) {
    const src = m[1]!;
    if (DOWNLOAD_LINK.test(src)) ids.push(src.slice(UPLOAD_BASE.length, -'/download'.length));
  }
  return ids;
}

function openTag(name: string, attributes: string): string | null {
  if (name === 'a') {
    const href = attribute(attributes, 'href');
    return href && /^(https?:|mailto:)/i.test(href) ? `<a href="${escapeAttr(href)}" rel="noopener noreferrer" target="_blank">` : '<a>';
  }
  if (name === 'img') {
    const src = attribute(attributes, 'src');
    if (!src || !DOWNLOAD_LINK.test(src)) return null;
    const alt = attribute(attributes, 'alt');
    return `<img src="${escapeAttr(src)}"${alt ? ` alt="${escapeAttr(alt)}"` : ''}>`;
  }
  if (name === 'div') {
    const video = attribute(attributes, 'data-video-id');
    return video && VIDEO_ID_PATTERN.test(video) ? `<div data-video-id="${video}">` : '<div>';
  }
  return `<${name}>`;
}

export function sanitizePostHtml(input: string): string {
  let out = '';
  let last = 0;
  let dropping: string | null = null;
  const open: string[] = [];
  const tag = /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^>]*)?)\/?>/g;
  for (let m = tag.exec(input); m; m = tag.exec(input)) {
    if (dropping === null) out += escapeText(input.slice(last, m.index));
    last = tag.lastIndex;
    const name = m[1]?.toLowerCase();
    if (!name) continue; // a comment
    const closing = m[0].startsWith('</');
    if (dropping !== null) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    const opened = openTag(name, m[2] ?? '');
    if (opened === null) continue;
    out += opened;
    if (!VOID.has(name)) open.push(name);
  }
  if (dropping === null) out += escapeText(input.slice(last));
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** The body as plain text, clipped: the feed's excerpt and the notification's body. */
export function excerptOf(html: string, max = 280): string {
  const text = html
    .replace(/<br>|<\/p>|<\/li>|<\/h[1-4]>|<\/div>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
