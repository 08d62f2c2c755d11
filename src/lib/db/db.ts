import Dexie, { type EntityTable } from 'dexie';

/** An encrypted record (AES-GCM): profile, recent searches, cached letters. */
export interface SecureItem {
  name: string;
  iv: Uint8Array;
  data: ArrayBuffer;
  updatedAt: number;
}

/** An encrypted binary or JSON value (AES-GCM, fresh IV). */
export interface Sealed {
  iv: Uint8Array;
  data: ArrayBuffer;
}

export type RecordingState = 'recording' | 'paused' | 'stopped' | 'queued' | 'interrupted';

/** A recording or an uploaded file kept on the device until the server confirms it. */
export interface RecordingRow {
  id: string;
  /** The recording tab it belongs to (1..4), or null for uploaded files and queued recordings. */
  tabIndex: number | null;
  source: 'recorder' | 'file';
  state: RecordingState;
  mimeType: string;
  filename: string;
  createdAt: number;
  updatedAt: number;
  /** Measured while recording (pauses excluded). */
  durationMs: number;
  bytes: number;
  chunkCount: number;
}

/** One MediaRecorder slice (or file piece), encrypted, written as it arrives. */
export interface ChunkRow extends Sealed {
  recordingId: string;
  seq: number;
  size: number;
}

export interface RecordingTabRow {
  index: number;
  title: string | null;
  type: 'record' | 'sr' | 'dmo';
  recordingId: string | null;
}

export type OutboxState = 'pending' | 'paused' | 'dead';

interface OutboxBase {
  id: string;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  /** Shown in the sync panel; never patient data. */
  label: string;
  /** The request's details (patient data), encrypted. */
  payload: Sealed;
  createdAt: number;
}

/** A recording on its way: audio by tus, then the finalise call that makes it a dictation. */
export interface OutboxDictation extends OutboxBase {
  kind: 'dictation';
  recordingId: string;
  stage: 'upload' | 'finalise';
  uploadUrl: string | null;
  bytesAcked: number;
  totalBytes: number;
  dictationId?: number;
}

/** A small JSON operation (a draft's changes, later allocations and approvals), sent with its id as Idempotency-Key. */
export interface OutboxRequest extends OutboxBase {
  kind: 'request';
  method: 'POST' | 'PATCH' | 'PUT';
  path: string;
  /**
   * When the drain first handed it to the network. From then on the server may hold it under this id
   * (an answer can be lost), so its body is never replaced: a newer save is queued after it instead.
   */
  triedAt?: number;
  /** A letter save (PUT …/letter): which dictation, and the local draft revision it carries. */
  letter?: { dictationId: number; revision: number; final: boolean };
  /** A hand-off that must follow this dictation's queued letter saves and carry the version they reach. */
  afterLetter?: number;
  /** A save of this dictation's recipients: sent in order, and before a hand-off queued after it (approval uses them). */
  recipientsOf?: number;
}

/** Work for the server that must survive the network, the tab and the browser (DESIGN §3). */
export type OutboxItem = OutboxDictation | OutboxRequest;

/** What the server said about an outbox operation the user should hear of (no patient data). */
export interface OutcomeRow {
  id: string;
  path: string;
  at: number;
  success: string | null;
  problem: string | null;
  details: string[];
  /** The operation was refused (409/422): the server's words. */
  error: string | null;
}

/** The letter typed on this device (DESIGN §3 "Letter path"), kept until the server has it and after, for offline reopening. */
export interface LetterDraftRow {
  dictationId: number;
  /** The TipTap JSON document, encrypted. */
  doc: Sealed;
  /** The server version this text is based on: what the next save sends as `base_version`. */
  baseVersion: number;
  /** Bumped by every local write; a server answer clears `dirty` only when it carried the newest revision. */
  revision: number;
  /** The text holds changes the server has not confirmed. */
  dirty: boolean;
  updatedAt: number;
  /** When the server last accepted this letter from this device. */
  savedAt: number | null;
  /** The server's copy (a Letter, encrypted) after a 409, until the user chooses which text to keep. */
  conflict: Sealed | null;
  /** The server's words after it refused a save because the letter can no longer be edited (403). */
  refused: string | null;
}

/** A receipt for work the server confirmed, listed in the sync panel. It holds no patient data. */
export interface SentRow {
  dictationId: number;
  reference: string;
  label: string;
  status: string;
  sentAt: number;
}

/**
 * A dictation of the author's approval queue kept for review without a signal (issue 12 "Offline
 * review"): the dictation and its list row, encrypted. Its letter and audio have their own tables.
 */
export interface ReviewDictationRow {
  dictationId: number;
  /** Its place in the queue as last fetched (0 first: urgent, then newest). */
  rank: number;
  /** `{ dictation, row }`: GET /api/dictation/{id}'s answer and the queue's list row, encrypted. */
  data: Sealed;
  /** Encrypted size, counted against the storage budget. */
  bytes: number;
  syncedAt: number;
}

/** The letter of a queued dictation as the server had it when prefetched (a Letter, encrypted). */
export interface ReviewLetterRow {
  dictationId: number;
  version: number;
  letter: Sealed;
  bytes: number;
  syncedAt: number;
}

/** The compressed playable audio of a queued dictation, encrypted. */
export interface ReviewAudioRow {
  dictationId: number;
  /** The stored file it was fetched for: a different one on the server means fetch again. */
  filename: string;
  mimeType: string;
  audio: Sealed;
  bytes: number;
  syncedAt: number;
}

export const DB_NAME = 'wardnote';

/** The one Dexie database, shared by the page and the service worker. */
export class WardnoteDb extends Dexie {
  secure!: EntityTable<SecureItem, 'name'>;
  recordings!: EntityTable<RecordingRow, 'id'>;
  chunks!: Dexie.Table<ChunkRow, [string, number]>;
  tabs!: EntityTable<RecordingTabRow, 'index'>;
  outbox!: EntityTable<OutboxItem, 'id'>;
  sent!: EntityTable<SentRow, 'dictationId'>;
  outcomes!: EntityTable<OutcomeRow, 'id'>;
  letterDrafts!: EntityTable<LetterDraftRow, 'dictationId'>;
  reviewDictations!: EntityTable<ReviewDictationRow, 'dictationId'>;
  reviewLetters!: EntityTable<ReviewLetterRow, 'dictationId'>;
  reviewAudio!: EntityTable<ReviewAudioRow, 'dictationId'>;

  constructor() {
    super(DB_NAME);
    this.version(1).stores({ secure: 'name' });
    this.version(2).stores({
      recordings: 'id, state, tabIndex',
      chunks: '[recordingId+seq], recordingId',
      tabs: 'index, recordingId',
      outbox: 'id, state, nextAttemptAt, recordingId, createdAt',
    });
    this.version(3).stores({ sent: 'dictationId, sentAt' });
    this.version(4).stores({ outcomes: 'id, path, at' });
    this.version(5).stores({ letterDrafts: 'dictationId, updatedAt' });
    this.version(6).stores({ reviewDictations: 'dictationId, rank', reviewLetters: 'dictationId', reviewAudio: 'dictationId' });
  }
}

export const db = new WardnoteDb();

/** A connection the browser closed under us (iOS Safari after backgrounding, PITFALLS 15). */
function isLostConnection(err: unknown): boolean {
  const e = err as { name?: string; message?: string; inner?: { name?: string } } | null;
  return (
    e?.name === 'DatabaseClosedError' ||
    e?.inner?.name === 'InvalidStateError' ||
    (e?.name === 'InvalidStateError' && /closing|closed/i.test(e.message ?? ''))
  );
}

/** Runs a database operation; if the browser dropped the connection, reopens it and tries once more. */
export async function withReopen<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    if (!isLostConnection(err)) throw err;
    db.close();
    await db.open();
    return operation();
  }
}
