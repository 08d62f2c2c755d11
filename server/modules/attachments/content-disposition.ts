/**
 * `Content-Disposition: attachment` with the stored name: an ASCII fallback (anything else becomes
 * "_") and the exact name as RFC 5987 `filename*`, so no quote, semicolon or line break can escape.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\;%]/g, '_') || 'attachment';
  const exact = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
