/**
 * Invisible characters that change how text reads: the C0 and C1 control characters, and the bidi
 * controls (Unicode's Bidi_Control: the right-to-left override and its kin, U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069), with which "report\u202Efdp.png" shows as "reportgnp.pdf". One
 * definition for every place that refuses them (autotext) or strips them (attachment names).
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN = /[\u0000-\u001F\u007F-\u009F\p{Bidi_Control}]/gu;
/** The same, with tabs and line breaks counted as text (a multi-line field). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_BUT_LAYOUT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Bidi_Control}]/u;

/** Whether `s` holds a hidden control character; `keepLayout`: tabs and line breaks are text. */
export function hasHiddenControl(s: string, keepLayout = false): boolean {
  if (keepLayout) return HIDDEN_BUT_LAYOUT.test(s);
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(s);
}

/** `s` without its hidden control characters (tabs and line breaks included). */
export function withoutHiddenControls(s: string): string {
  return s.replace(HIDDEN, '');
}
