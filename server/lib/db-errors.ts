/** A PostgreSQL unique violation (SQLSTATE 23505), as PGlite, pg or drizzle's wrapper report it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
