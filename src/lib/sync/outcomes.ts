import { db, type OutcomeRow } from '../db/db';

/**
 * What the server said about an outbox operation whose page wants to tell the user (an allocation
 * that partly failed, say). The drain writes it, page or service worker alike; the page that cares
 * shows it and takes it away. Only messages and references are kept: no patient data.
 */
export function outcomeFromAnswer(item: { id: string; path: string }, answer: unknown, now: number): OutcomeRow {
  const a = (answer ?? {}) as { success_message?: unknown; unsuccess_message?: unknown; unsuccessful_jobs?: unknown };
  const jobs = Array.isArray(a.unsuccessful_jobs) ? (a.unsuccessful_jobs as { reference?: unknown; reason?: unknown }[]) : [];
  return {
    id: item.id,
    path: item.path,
    at: now,
    success: typeof a.success_message === 'string' ? a.success_message : null,
    problem: typeof a.unsuccess_message === 'string' ? a.unsuccess_message : null,
    details: jobs.map((j) => `${typeof j.reference === 'string' ? `${j.reference}: ` : ''}${String(j.reason ?? '')}`),
    error: null,
  };
}

export function outcomeFromError(item: { id: string; path: string }, message: string, now: number): OutcomeRow {
  return { id: item.id, path: item.path, at: now, success: null, problem: null, details: [], error: message };
}

/** Paths whose answers the user hears about. */
export const REPORTED_PATHS = new Set(['/api/dictation/allocate']);

/** Removes and returns what the server said about operations on `path`, oldest first. */
export async function takeOutcomes(path: string): Promise<OutcomeRow[]> {
  return db.transaction('rw', db.outcomes, async () => {
    const rows = await db.outcomes.where('path').equals(path).sortBy('at');
    await db.outcomes.bulkDelete(rows.map((r) => r.id));
    return rows;
  });
}
