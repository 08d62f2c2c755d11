import { seal, unseal } from '../../lib/crypto/secure-store';
import { db } from '../../lib/db/db';

/**
 * The device's copies of previewed letters (issue 13 "Preview"): the PDF as the server last rendered it,
 * encrypted with the device key (AES-GCM, fresh IV) in the secure store, so it is wiped at logout with
 * everything else. One copy per dictation, named by dictation and letter version
 * (`letter_pdf:<id>:<version>`); only the most recent few are kept, within a byte budget.
 */

const PREFIX = 'letter_pdf:';
/** How many letters' PDFs a device keeps: the last few a user previewed. */
export const MAX_KEPT = 5;
/** And at most this many encrypted bytes in all (a long letter with a logo is 100–300 KB). */
export const MAX_BYTES = 15 * 1024 * 1024;

export interface CachedPdf {
  dictationId: number;
  version: number;
  bytes: ArrayBuffer;
  renderedAt: number;
}

const nameOf = (dictationId: number, version: number) => `${PREFIX}${dictationId}:${version}`;

function parseName(name: string): { dictationId: number; version: number } | null {
  const m = /^letter_pdf:(\d+):(\d+)$/.exec(name);
  return m ? { dictationId: Number(m[1]), version: Number(m[2]) } : null;
}

async function keptRows() {
  return db.secure.where('name').startsWith(PREFIX).toArray();
}

/** Keeps this PDF as the dictation's copy (replacing older versions), then drops the oldest beyond the bounds. */
export async function putCachedPdf(dictationId: number, version: number, bytes: ArrayBuffer, renderedAt = Date.now()): Promise<boolean> {
  const sealed = await seal(bytes);
  const name = nameOf(dictationId, version);
  await db.secure.put({ name, ...sealed, updatedAt: renderedAt });
  // PITFALLS 15: some browsers store a large value short; a copy that does not read back whole is none.
  const back = await db.secure.get(name);
  if (back?.data.byteLength !== sealed.data.byteLength) {
    await db.secure.delete(name);
    return false;
  }
  const rows = await keptRows();
  const others = rows.filter((r) => r.name !== name && parseName(r.name)?.dictationId === dictationId).map((r) => r.name);
  const rest = rows
    .filter((r) => r.name === name || parseName(r.name)?.dictationId !== dictationId)
    .sort((a, b) => b.updatedAt - a.updatedAt);
  const drop = [...others];
  let total = 0;
  rest.forEach((r, i) => {
    total += r.data.byteLength;
    if (i >= MAX_KEPT || (i > 0 && total > MAX_BYTES)) drop.push(r.name);
  });
  if (drop.length) await db.secure.bulkDelete(drop);
  return !drop.includes(name);
}

/** The dictation's kept PDF (the newest version kept), or null when there is none or it cannot be read. */
export async function readCachedPdf(dictationId: number): Promise<CachedPdf | null> {
  const rows = (await keptRows().catch(() => []))
    .map((r) => ({ row: r, key: parseName(r.name) }))
    .filter((r) => r.key?.dictationId === dictationId)
    .sort((a, b) => b.key!.version - a.key!.version);
  const newest = rows[0];
  if (!newest) return null;
  try {
    return { dictationId, version: newest.key!.version, bytes: await unseal(newest.row), renderedAt: newest.row.updatedAt };
  } catch {
    return null;
  }
}
