import { describe, expect, it } from 'vitest';
import { excerptOf, imageUploadIds, sanitizePostHtml } from './posts.sanitize.ts';

const IMG = '/api/document-manager/v3/upload/AbC_123-x/download';

describe('a post body is kept as sanitised HTML', () => {
  it('keeps the editor’s tags and drops attributes, scripts and unknown tags', () => {
    expect(sanitizePostHtml('<h2 class="x">Aviso</h2><p style="color:red" onclick="x()">Hola <strong>equipo</strong></p><script>alert(1)</script><style>p{}</style><span>libre</span>')).toBe(
      '<h2>Aviso</h2><p>Hola <strong>equipo</strong></p>libre',
    );
  });

  it('keeps http, https and mailto links only, opening outside the app', () => {
    expect(sanitizePostHtml('<a href="https://acme.test/a?b=1&c=2">ok</a><a href="javascript:alert(1)">no</a>')).toBe(
      '<a href="https://acme.test/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">ok</a><a>no</a>',
    );
  });

  it('keeps images of this server’s stored files and valid video embeds only', () => {
    expect(sanitizePostHtml(`<img src="${IMG}" alt="Casco" onerror="x()"><img src="https://evil.test/a.png"><img src="data:image/png;base64,AAAA">`)).toBe(`<img src="${IMG}" alt="Casco">`);
    expect(sanitizePostHtml('<div data-video-id="dQw4w9WgXcQ"></div><div data-video-id="bad"></div>')).toBe('<div data-video-id="dQw4w9WgXcQ"></div><div></div>');
    expect(imageUploadIds(`<p>x</p><img src="${IMG}">`)).toEqual(['AbC_123-x']);
  });

  it('escapes stray markup and closes what was left open', () => {
    expect(sanitizePostHtml('<p>1 < 2 & <b>abierto')).toBe('<p>1 &lt; 2 &amp; <b>abierto</b></p>');
  });

  it('reads an excerpt as plain text, clipped', () => {
    expect(excerptOf('<p>Hola&nbsp;<strong>equipo</strong></p><ul><li>uno</li><li>dos &amp; tres</li></ul>')).toBe('Hola equipo uno dos & tres');
    expect(excerptOf(`<p>${'a'.repeat(400)}</p>`, 10)).toBe('aaaaaaaaa…');
  });
});
