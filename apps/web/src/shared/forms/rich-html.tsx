import DOMPurify from 'dompurify';
import { Fragment, useMemo } from 'react';
import { useFileCookie } from '../uploads/use-file-url.ts';
import { VIDEO_ATTRIBUTE, VideoEmbed } from './video-embed.tsx';

type Segment = { kind: 'html'; html: string } | { kind: 'video'; id: string };

const HTML_TAG = /<\/?[a-z][\s\S]*?>/i;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain text (display texts written before the editor) keeps its line breaks. */
export function toHtml(text: string): string {
  if (HTML_TAG.test(text)) return text;
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * Sanitised HTML split around video embeds: everything an administrator or a respondent wrote is
 * passed through DOMPurify (no scripts, no event handlers, no javascript: links), and each
 * top-level <div data-video-id> becomes the video component.
 */
export function sanitizeSegments(source: string): Segment[] {
  const clean = DOMPurify.sanitize(toHtml(source), { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'] });
  const template = document.createElement('template');
  template.innerHTML = clean;
  const segments: Segment[] = [];
  let buffer = '';
  for (const node of Array.from(template.content.childNodes)) {
    if (node instanceof HTMLElement && node.hasAttribute(VIDEO_ATTRIBUTE)) {
      if (buffer) segments.push({ kind: 'html', html: buffer });
      buffer = '';
      segments.push({ kind: 'video', id: node.getAttribute(VIDEO_ATTRIBUTE) ?? '' });
    } else {
      buffer += node instanceof Element ? node.outerHTML : escapeText(node.textContent ?? '');
    }
  }
  if (buffer) segments.push({ kind: 'html', html: buffer });
  return segments;
}

// Links written in forms open outside the app and cannot reach back into it.
let hooked = false;
function ensureLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function RichHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const segments = useMemo(() => {
    ensureLinkHook();
    return sanitizeSegments(html);
  }, [html]);
  // Images uploaded to the document manager load with the session cookie (API.md session-cookie).
  // Rendered once the cookie is there: an <img> asked for earlier would stay broken.
  const cookieReady = useFileCookie(html.includes('/download'));
  if (!cookieReady) return <div className={className} data-testid={testId} aria-busy="true" />;
  return (
    <div className={className} data-testid={testId}>
      {segments.map((segment, index) =>
        segment.kind === 'video' ? (
          <VideoEmbed key={index} id={segment.id} />
        ) : (
          <Fragment key={index}>
            <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: segment.html }} />
          </Fragment>
        ),
      )}
    </div>
  );
}
