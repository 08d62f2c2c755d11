import { randomBytes } from 'node:crypto';

/**
 * A storage key nobody can guess or derive from an id: `<folder>/<128 random bits in hex>.<ext>`.
 * Keys live in the database row, so older keys of another shape keep working.
 */
export function unguessableKey(folder: string, ext: string): string {
  const safeExt = ext.toLowerCase().replace(/[^a-z0-9]/g, '') || 'bin';
  return `${folder}/${randomBytes(16).toString('hex')}.${safeExt}`;
}
