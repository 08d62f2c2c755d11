/** Paths whose next segment is a password-reset token (the client page and any API form of it). */
const TOKEN_IN_PATH = /(\/(?:password\/reset|validateToken)\/)[^/?#]+/gi;

/** A request path fit for the log: reset tokens replaced by `[redacted]`. */
export function redactTokenPaths(path: string): string {
  return path.replace(TOKEN_IN_PATH, '$1[redacted]');
}
