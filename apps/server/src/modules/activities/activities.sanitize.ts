/**
 * The rich description of an activity is kept as sanitised HTML: the tags the editor produces,
 * without attributes (links keep an http(s) or mailto href), everything else escaped or dropped
 * (a script's tags go; its text stays as harmless text).
 */
const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'a', 'hr']);
const VOID = new Set(['br', 'hr']);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript']);

const escapeText = (text: string) =>
  text
    .replace(/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function safeHref(attributes: string): string | null {
  const m = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  const href = (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').trim();
  return /^(https?:|mailto:)/i.test(href) ? href : null;
}

export function sanitizeHtml(input: string): string {
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
    if (VOID.has(name)) {
      out += `<${name}>`;
      continue;
    }
    if (name === 'a') {
      const href = safeHref(m[2] ?? '');
      out += href ? `<a href="${escapeAttr(href)}" rel="noopener noreferrer">` : '<a>';
    } else out += `<${name}>`;
    open.push(name);
  }
  if (dropping === null) out += escapeText(input.slice(last));
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** The description as plain text (for the calendar's DESCRIPTION). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br>|<\/p>|<\/li>|<\/h[1-4]>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
