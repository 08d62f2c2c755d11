/** Elements whose content is never letter text: dropped with everything inside them. */
const DROP =
  'script, style, template, noscript, iframe, frame, object, embed, applet, svg, math, img, picture, video, audio, canvas, form, input, button, select, textarea, meta, link, base, head, title';

/** Attributes the letter schema reads from pasted HTML; every other one (style, class, id, on…) goes. */
const KEEP = new Set(['colspan', 'rowspan', 'start', 'type', 'data-merge-field', 'data-placeholder']);

/**
 * Bold, italic and underline given by style (Google Docs, Word online) become tags, before styles go;
 * a `<b style="font-weight:normal">` (Google Docs wraps whole pastes in one) stops meaning bold.
 */
function stylesToTags(el: HTMLElement): void {
  const style = el.style;
  if (!style?.length) return;
  const weight = style.fontWeight;
  const heavy = weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
  const light = weight === 'normal' || weight === 'lighter' || (Number(weight) > 0 && Number(weight) < 600);
  const wrappers: string[] = [];
  if (heavy) wrappers.push('strong');
  if (style.fontStyle === 'italic') wrappers.push('em');
  if (/underline/.test(`${style.textDecoration} ${style.textDecorationLine}`)) wrappers.push('u');
  const doc = el.ownerDocument;
  if (light && (el.tagName === 'B' || el.tagName === 'STRONG')) {
    const span = doc.createElement('span');
    span.append(...Array.from(el.childNodes));
    el.replaceWith(span);
    el = span;
  }
  if (!wrappers.length) return;
  const outer = doc.createElement(wrappers[0]!);
  let inner = outer;
  for (const tag of wrappers.slice(1)) inner = inner.appendChild(doc.createElement(tag));
  inner.append(...Array.from(el.childNodes));
  el.append(outer);
}

/**
 * Pasted HTML (Word, a web page, another letter) before ProseMirror parses it against the letter
 * schema, which already keeps only the nodes and marks a letter may hold. Here the rest goes: styles,
 * classes, event handlers, embedded objects. The HTML is parsed into an inert document (DOMParser runs
 * no script and loads nothing), and only its cleaned markup is handed on.
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(DROP).forEach((el) => el.remove());
  for (const el of Array.from(doc.body.querySelectorAll<HTMLElement>('[style]'))) stylesToTags(el);
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      if (!KEEP.has(attr.name.toLowerCase())) el.removeAttribute(attr.name);
    }
  }
  return doc.body.innerHTML;
}
