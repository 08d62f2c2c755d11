import { describe, expect, it } from 'vitest';
import { isOwnImage, isSafeLink, markdownToHtml } from '../../src/features/knowledge-base/markdown';

/**
 * Issue 25: the first of the knowledge base's two layers (src/features/knowledge-base/markdown.ts), marked
 * with our rules, on its own. The second, DOMPurify over it, needs a real DOM (happy-dom's parser is not one
 * DOMPurify can trust): tests/e2e/admin-knowledge.spec.ts renders a hostile article in Chromium.
 */
const ORIGIN = 'https://wardnote.trust.nhs.uk';
const html = (md: string) => markdownToHtml(md, ORIGIN);

describe('an article’s Markdown, first layer (marked with our rules)', () => {
  it('renders ordinary Markdown, its headings under the article’s title (h3 and below)', () => {
    const out = html(
      '# Top\n\n## Record\n\n### Detail\n\nPress **Record**, then *Stop*.\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
    );
    expect(out).toContain('<h3>Top</h3>');
    expect(out).toContain('<h3>Record</h3>');
    expect(out).toContain('<h4>Detail</h4>');
    expect(out).not.toMatch(/<h[12]/);
    expect(out).toContain('<strong>Record</strong>');
    expect(out).toContain('<em>Stop</em>');
    expect(out).toMatch(/<li>one<\/li>\s*<li>two<\/li>/);
    expect(out).toContain('<td>1</td>');
  });

  it('shows raw HTML as text: a script, an onerror picture, an iframe, inline handlers are never markup', () => {
    const out = html(
      [
        '<script>window.hacked = 1</script>',
        'Inline <img src="x" onerror="window.hacked = 2"> here',
        '<iframe src="https://evil.example/"></iframe>',
        '<a href="https://evil.example/" onclick="steal()">raw link</a>',
        '<svg onload="window.hacked = 4"></svg>',
      ].join('\n\n'),
    );
    expect(out).not.toMatch(/<(script|img|iframe|a|svg)\b/i);
    expect(out).toContain('&lt;script&gt;window.hacked = 1&lt;/script&gt;');
    expect(out).toContain('&lt;img src=&quot;x&quot; onerror=&quot;window.hacked = 2&quot;&gt;');
  });

  it('keeps only web, e-mail and phone links; javascript: and data: become their text', () => {
    const out = html(
      '[click me](javascript:window.hacked=3) [data](data:text/html,x) [ok](https://nhs.uk/a) [mail](mailto:help@trust.nhs.uk) [here](/knowledgebase)',
    );
    expect(out).not.toMatch(/javascript:|data:/i);
    expect(out).toContain('click me');
    expect(out).toContain('<a href="https://nhs.uk/a">ok</a>');
    expect(out).toContain('<a href="mailto:help@trust.nhs.uk">mail</a>');
    expect(out).toContain('<a href="/knowledgebase">here</a>');
  });

  it('shows pictures from this site only; another site’s is named, not loaded', () => {
    const out = html(
      `![tracker](https://evil.example/pixel.png) ![rel](//evil.example/p.png) ![](https://evil.example/q.png) ![pedal](/images/pedal.png)`,
    );
    expect(out).not.toContain('evil.example');
    expect(out).toContain('[picture not shown: tracker]');
    expect(out).toContain('[picture not shown: rel]');
    expect(out).toContain('[picture not shown]');
    expect(out).toContain('<img src="/images/pedal.png" alt="pedal">');
  });

  it('isOwnImage and isSafeLink', () => {
    expect(isOwnImage('/x.png', ORIGIN)).toBe(true);
    expect(isOwnImage('x.png', ORIGIN)).toBe(true);
    expect(isOwnImage(`${ORIGIN}/x.png`, ORIGIN)).toBe(true);
    for (const src of [
      '//evil.example/x.png',
      'https://evil.example/x.png',
      'http://wardnote.trust.nhs.uk/x.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '/\\evil.example/x.png',
    ])
      expect(isOwnImage(src, ORIGIN), src).toBe(false);
    for (const ok of ['https://nhs.uk', 'http://intranet/x', 'mailto:a@b.c', 'tel:01632960000', '/knowledgebase', '#top'])
      expect(isSafeLink(ok, ORIGIN), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
    ])
      expect(isSafeLink(bad, ORIGIN), bad).toBe(false);
  });
});
