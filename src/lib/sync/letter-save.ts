import { SYNC_PATHS } from '../../domain/contract/paths-sync';
import { db, type LetterDraftRow, type OutboxItem, type OutboxRequest } from '../db/db';
import { sealJson } from '../crypto/secure-store';

export interface LetterWrite {
  dictationId: number;
  /** The TipTap JSON document as it is now. */
  doc: unknown;
  /** The server version the editor opened on: used only when this device has no draft yet. */
  baseVersion: number;
  /** Also queue the save for the server (false while the user still has to choose between texts). */
  send: boolean;
  /** A final save (Ctrl/Cmd+S) keeps a version on the server. */
  final?: boolean;
  /** Shown in the sync panel: no patient data. */
  label: string;
}

/** This dictation's letter saves in the outbox, oldest first. */
export async function letterRows(dictationId: number): Promise<OutboxRequest[]> {
  const rows = await db.outbox.filter((r) => r.kind === 'request' && r.letter?.dictationId === dictationId).toArray();
  return (rows as OutboxRequest[]).sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * Writes the letter to this device and queues its save, in one transaction (DESIGN §3 "Letter path"):
 * a crash after this loses nothing, and the outbox never holds a save the draft does not. One save per
 * dictation waits to be sent: a newer text replaces it — unless the drain has already handed it to the
 * network (triedAt, set in the drain's own transaction), in which case the server may hold it under
 * its id and this one queues behind it with a fresh id. The document is sealed once and the same
 * bytes serve the draft and the outbox.
 */
export async function writeLetter(w: LetterWrite, now = Date.now()): Promise<LetterDraftRow> {
  const sealed = await sealJson(w.doc);
  return db.transaction('rw', db.letterDrafts, db.outbox, async () => {
    const before = await db.letterDrafts.get(w.dictationId);
    const draft: LetterDraftRow = {
      dictationId: w.dictationId,
      doc: sealed,
      baseVersion: before?.baseVersion ?? w.baseVersion,
      revision: (before?.revision ?? 0) + 1,
      dirty: true,
      updatedAt: now,
      savedAt: before?.savedAt ?? null,
      conflict: before?.conflict ?? null,
      refused: before?.refused ?? null,
    };
    await db.letterDrafts.put(draft);
    if (!w.send) return draft;
    const rows = await letterRows(w.dictationId);
    const waiting = rows.find((r) => r.triedAt === undefined && r.state !== 'dead');
    const letter = { dictationId: w.dictationId, revision: draft.revision, final: Boolean(w.final || waiting?.letter?.final) };
    if (waiting) {
      const changes: Partial<OutboxRequest> = { payload: sealed, letter, label: w.label };
      await db.outbox.update(waiting.id, changes as Partial<OutboxItem>);
    } else {
      const row: OutboxRequest = {
        id: crypto.randomUUID(),
        kind: 'request',
        method: 'PUT',
        path: SYNC_PATHS.dictationLetter(w.dictationId),
        state: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        label: w.label,
        payload: sealed,
        // Strictly after any earlier save of this letter, even within the same millisecond.
        createdAt: Math.max(now, (rows.at(-1)?.createdAt ?? 0) + 1),
        letter,
      };
      await db.outbox.add(row);
    }
    return draft;
  });
}

/** Removes this letter's saves from the outbox (the user chose another text, or the server's). */
async function dropRows(dictationId: number): Promise<void> {
  await db.outbox.bulkDelete((await letterRows(dictationId)).map((r) => r.id));
}

/**
 * The user keeps their text after a conflict: it is now based on the server's version (their save
 * overwrites it, knowingly) and the refused saves go; the caller then writes the text again to send it.
 */
export async function keepLocalOver(dictationId: number, serverVersion: number): Promise<void> {
  await db.transaction('rw', db.letterDrafts, db.outbox, async () => {
    await db.letterDrafts.update(dictationId, { baseVersion: serverVersion, conflict: null, refused: null });
    await dropRows(dictationId);
  });
}

/** The letter can be typed here again after a refusal (handed back, say): the refused saves go, the text stays unsent. */
export async function clearRefusal(dictationId: number): Promise<void> {
  await db.transaction('rw', db.letterDrafts, db.outbox, async () => {
    await db.letterDrafts.update(dictationId, { refused: null });
    await db.outbox.bulkDelete((await letterRows(dictationId)).filter((r) => r.state === 'dead').map((r) => r.id));
  });
}

/** The user takes the server's text (or discards the device's): the draft becomes the server's copy, clean. */
export async function adoptServerLetter(dictationId: number, server: { doc: unknown; version: number }, now = Date.now()) {
  const sealed = await sealJson(server.doc);
  await db.transaction('rw', db.letterDrafts, db.outbox, async () => {
    const before = await db.letterDrafts.get(dictationId);
    await db.letterDrafts.put({
      dictationId,
      doc: sealed,
      baseVersion: server.version,
      revision: (before?.revision ?? 0) + 1,
      dirty: false,
      updatedAt: now,
      savedAt: before?.savedAt ?? null,
      conflict: null,
      refused: null,
    });
    await dropRows(dictationId);
  });
}
