/**
 * An article's Markdown as HTML that is safe to put in the page (issue 25). Two layers:
 * 1. `marked` (a maintained CommonMark/GFM parser) with raw HTML turned into visible text, headings moved
 *    under the article's own title, and pictures from anywhere but this site replaced by words;
 * 2. `DOMPurify` (a maintained sanitiser) over the result, with a short list of tags and attributes: no
 *    script, style, iframe, form or event handler survives, links keep only http(s), mailto and tel
 *    addresses and open safely (rel="noopener noreferrer", another site's in a new tab), and a picture keeps
 *    its address only when it is on this site's origin.
 * The page's content security policy (script-src 'self', img-src 'self' data: blob:) is a third wall.
 *
 * Loaded only with /knowledgebase (its route chunk): neither library is in the entry bundle.
 */
import { Marked } from 'marked';
import DOMPurify from 'dompurify';
import { PAGE_MESSAGES } from '../../domain/messages';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A URL resolved against this site, or null when it cannot be read. */
function resolved(href: string, origin: string): URL | null {
  try {
    return new URL(href, `${origin}/`);
  } catch {
    return null;
  }
}

/** Whether a picture's address is on this site: a path here, or a full address of this very origin. */
export function isOwnImage(src: string, origin: string): boolean {
  const url = resolved(src.trim(), origin);
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin;
}

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** Whether a link may keep its address: http(s), mailto and tel, or a path on this site. */
export function isSafeLink(href: string, origin: string): boolean {
  const url = resolved(href.trim(), origin);
  return !!url && LINK_PROTOCOLS.has(url.protocol);
}

/** Elements and attributes an article may have: text structure, links, pictures, tables. Nothing else. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'align', 'start'];

function makeParser(origin: string) {
  return new Marked({
    gfm: true,
    breaks: false,
    renderer: {
      // Raw HTML in an article is shown as the text it is, never run or rendered.
      html({ text }) {
        return escapeHtml(text);
      },
      // The article's title is the view's heading (h2): its own headings start one level under it.
      heading({ tokens, depth }) {
        const level = Math.min(6, Math.max(3, depth + 1));
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      // A link to anything but a web page, an e-mail or a phone number (javascript:, data:) is its text alone.
      link({ href, tokens }) {
        if (!isSafeLink(href, origin)) return this.parser.parseInline(tokens);
        return false;
      },
      // A picture from another site would tell it who reads what: words instead.
      image({ href, text }) {
        if (!isOwnImage(href, origin)) return escapeHtml(PAGE_MESSAGES.kbImageNotShown(text));
        return false;
      },
    },
  });
}

function makePurifier(origin: string) {
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (node.nodeName === 'IMG' && data.attrName === 'src' && !isOwnImage(data.attrValue, origin)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    const url = href === null || !isSafeLink(href, origin) ? null : resolved(href, origin);
    if (!url) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('rel', 'noopener noreferrer');
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin) node.setAttribute('target', '_blank');
  });
  return purify;
}

let parser: { origin: string; marked: Marked } | null = null;
let purifier: { origin: string; purify: ReturnType<typeof DOMPurify> } | null = null;

/** The first layer alone: `markdown` as HTML by marked, with our rules (no DOM needed; unit-tested). */
export function markdownToHtml(markdown: string, origin: string): string {
  if (parser?.origin !== origin) parser = { origin, marked: makeParser(origin) };
  return parser.marked.parse(markdown, { async: false });
}

/** `markdown` as sanitised HTML for this site (`origin`: where pictures may come from, this page's by default). */
export function renderMarkdown(markdown: string, origin: string = window.location.origin): string {
  if (purifier?.origin !== origin) purifier = { origin, purify: makePurifier(origin) };
  // A browser the sanitiser cannot work in gets the text, not unchecked HTML.
  if (!purifier.purify.isSupported) return `<pre>${escapeHtml(markdown)}</pre>`;
  return purifier.purify.sanitize(markdownToHtml(markdown, origin), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
