import { TRANSPORT_MESSAGES } from '../../domain/messages-transport';
import { db, type OutboxItem, type OutboxRequest } from '../db/db';
import { sealJson, unsealJson } from '../crypto/secure-store';
import { HttpError } from '../api/errors';

/**
 * The drain's side of the letter path (DESIGN §3): saves of one dictation's letter go one at a time,
 * each based on the version the device holds when it leaves, and the answers land in the local draft.
 * Runs in the page and in the service worker: Dexie and hand checks only, no zod or ky (DESIGN §7).
 */

/** The dictation whose letter a row saves, or whose saves it must follow (a hand-off). */
function letterOf(item: OutboxItem): number | undefined {
  return item.kind === 'request' ? (item.letter?.dictationId ?? item.afterLetter) : undefined;
}

/**
 * A letter save, or a hand-off queued after one, waits while an earlier save of the same letter is
 * unresolved (in flight, retrying, paused or refused). Sending it now would carry a version the
 * earlier save may already have moved on: the server would refuse our own text as a conflict.
 */
export function waitsForEarlierSave(item: OutboxItem, all: OutboxItem[]): boolean {
  if (item.kind === 'request' && item.recipientsOf !== undefined) return waitsForEarlierRecipients(item, item.recipientsOf, all);
  const dictationId = letterOf(item);
  if (dictationId === undefined) return false;
  if (item.kind === 'request' && item.afterLetter !== undefined && waitsForEarlierRecipients(item, dictationId, all)) return true;
  return all.some((r) => r.id !== item.id && r.createdAt < item.createdAt && r.kind === 'request' && r.letter?.dictationId === dictationId);
}

/**
 * Recipients saves of one dictation go in order, and a hand-off queued after one waits for it: an
 * approval sent before the recipients it was checked against would deliver to the old lists.
 */
function waitsForEarlierRecipients(item: OutboxItem, dictationId: number, all: OutboxItem[]): boolean {
  return all.some((r) => r.id !== item.id && r.createdAt < item.createdAt && r.kind === 'request' && r.recipientsOf === dictationId);
}

/**
 * The body as it leaves. A letter save's payload is the document alone (the same sealed bytes as the
 * draft's); `base_version` is the draft's now, not when queued, since an earlier save may have been
 * accepted since; `final` holds if any save it replaced was final. A hand-off gets the same version.
 */
export async function bodyToSend(item: OutboxRequest): Promise<unknown> {
  const dictationId = item.letter?.dictationId ?? item.afterLetter;
  const draft = dictationId === undefined ? undefined : await db.letterDrafts.get(dictationId);
  if (item.letter) {
    const doc = await unsealJson<unknown>(item.payload);
    return { doc, base_version: draft?.baseVersion ?? 0, final: item.letter.final };
  }
  const body = await unsealJson<Record<string, unknown>>(item.payload);
  return draft ? { ...body, base_version: draft.baseVersion } : body;
}

/** The version a 2xx answer to a letter save gives (`{ data: { version } }`); an answer without one is retried like a failure. */
export function savedVersion(answer: unknown): number {
  const version = (answer as { data?: { version?: unknown } } | null)?.data?.version;
  if (typeof version !== 'number') throw new HttpError(200, TRANSPORT_MESSAGES.errorFetching);
  return version;
}

/**
 * Inside the drain's transaction, after a 2xx: the draft is now based on the answered version, and it
 * is clean only if nothing was typed after the text that was sent.
 */
export async function letterSaved(letter: NonNullable<OutboxRequest['letter']>, version: number, now: number): Promise<void> {
  const draft = await db.letterDrafts.get(letter.dictationId);
  if (!draft) return;
  await db.letterDrafts.update(letter.dictationId, {
    baseVersion: Math.max(draft.baseVersion, version),
    dirty: draft.dirty && draft.revision > letter.revision,
    savedAt: now,
  });
}

/**
 * A refused save never costs the local text: after a 409 `letter_conflict` the server's copy is kept
 * next to it (encrypted) for the user to choose; after a 403 `letter_not_editable` the server's words.
 */
export async function letterRefused(letter: NonNullable<OutboxRequest['letter']>, err: HttpError): Promise<void> {
  if (err.status === 409 && err.is('letter_conflict')) {
    const server = (err.body as { letter?: unknown } | null)?.letter;
    if (!server || typeof server !== 'object') return;
    const conflict = await sealJson(server);
    await db.letterDrafts.update(letter.dictationId, { conflict });
  } else if (err.status === 403 && err.is('letter_not_editable')) {
    await db.letterDrafts.update(letter.dictationId, { refused: err.message });
  }
}
