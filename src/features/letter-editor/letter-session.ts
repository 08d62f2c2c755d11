import type { Subscription } from 'dexie';
import type { Editor } from '@tiptap/core';
import type { Letter, LetterNode } from '../../domain/contract/letter';
import { checkLetterDoc } from '../../domain/letter-doc';
import { MESSAGES } from '../../domain/messages';
import { adoptServerLetter, keepLocalOver, writeLetter } from '../../lib/sync/letter-save';
import { requestSync } from '../../lib/sync/triggers';
import { fetchServerLetter, loadLetter, readStoredLetter, watchLocalLetter, type StoredLetter } from './load-letter';
import type { SaveState } from './save-state';
import { LETTER_START, withSaveState, type LetterView } from './letter-view';
import { sendThrottle } from './send-throttle';
import { watchPage } from './watch-page';

/** A change reaches the device at most this long after it was typed (DESIGN §3: within a second). */
const WRITE_DELAY_MS = 500;

/**
 * One open letter (issue 11 "never lose a keystroke"): what the editor shows, its writes to the device
 * (at most WRITE_DELAY_MS after a change, and at once when the page is hidden or left), the save queued
 * with each write, and what the server said, watched live in Dexie (the service worker drains too).
 * Shared by every component showing the same dictation's letter (use-letter.ts).
 */
export class LetterSession {
  private view: LetterView = { ...LETTER_START, online: navigator.onLine };
  private listeners = new Set<() => void>();
  private editor: Editor | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private send = sendThrottle(() => void requestSync());
  private changes = 0;
  private writes: Promise<unknown> = Promise.resolve();
  private live: Subscription | null = null;
  private disposed = false;
  private unwatch = () => {};

  constructor(
    readonly dictationId: number,
    private label: string,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getView = () => this.view;

  /** The letter schema's words about `doc`, kept as the same array while they do not change (so nothing renders again). */
  private problemsOf(doc: unknown): readonly string[] {
    const now = checkLetterDoc(doc);
    const before = this.view.problems;
    return now.length === before.length && now.every((p, i) => p === before[i]) ? before : now;
  }

  private set(patch: Partial<LetterView>) {
    // Listeners (the page too) render again only when something changed.
    if (Object.entries(patch).every(([k, v]) => this.view[k as keyof LetterView] === v)) return;
    this.view = withSaveState({ ...this.view, ...patch });
    this.listeners.forEach((l) => l());
  }

  start(): void {
    this.unwatch = watchPage({ network: () => this.set({ online: navigator.onLine }), leaving: () => void this.flush() });
    void this.load();
  }

  private async load() {
    const { opening, server, error } = await loadLetter(this.dictationId);
    if (!opening) return this.set({ phase: 'failed', error: error ?? MESSAGES.errorFetching });
    this.set({
      phase: 'ready',
      error,
      server,
      initialDoc: opening.doc,
      baseVersion: opening.baseVersion,
      offer: opening.offer,
      problems: this.problemsOf(opening.doc),
    });
    if (this.disposed) return;
    this.live = watchLocalLetter(this.dictationId, (stored) => this.apply(stored));
  }

  private apply(stored: StoredLetter) {
    this.set({ ...stored, baseVersion: stored.baseVersion ?? this.view.baseVersion });
  }

  /**
   * The server's letter again (the page just claimed the dictation, say). A device copy with nothing
   * unsent takes the server's text if it moved on; unsent text stays and meets any change as a conflict.
   */
  async refreshServer(): Promise<void> {
    const { letter } = await fetchServerLetter(this.dictationId);
    if (!letter || this.disposed) return;
    if (!this.view.dirty && !this.view.unwritten && letter.version !== this.view.baseVersion) await this.useServer(letter);
    else this.set({ server: letter });
  }

  attach(editor: Editor): void {
    this.editor = editor;
  }

  /** Before the editor goes: what it holds is written first. */
  detach(editor: Editor): void {
    if (this.editor !== editor) return;
    void this.flush();
    this.editor = null;
  }

  /** The document in the editor now (the device's text). */
  currentDoc(): LetterNode | null {
    return (this.editor?.getJSON() as LetterNode | undefined) ?? null;
  }

  /** The editor changed: write it to the device soon (throttled, so steady typing still saves every half second). */
  changed(): void {
    this.changes++;
    // Typing into the device's text is choosing it.
    this.set({ unwritten: true, ...(this.view.offer ? { offer: null } : {}) });
    this.timer ??= setTimeout(() => void this.flush(), WRITE_DELAY_MS);
  }

  /**
   * Writes what the editor holds to the device and queues its save, now. `final` (Ctrl/Cmd+S) keeps a
   * version on the server; `force` writes even without a change (to queue a save again). Resolves when
   * the device has it, with what the letter schema says is wrong with the text: while anything is, the
   * text stays on the device and no save is queued (the server would refuse it). Call before queueing a
   * hand-off, so the hand-off follows the last save, and hand off only when nothing is wrong.
   */
  flush(opts: { final?: boolean; force?: boolean } = {}): Promise<readonly string[]> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const editor = this.editor;
    const wanted = this.view.unwritten || this.view.writeError || opts.force || (opts.final && editor?.isEditable);
    if (!editor || editor.isDestroyed || !wanted) return this.writes.then(() => this.view.problems);
    const doc = editor.getJSON();
    const problems = this.problemsOf(doc);
    this.set({ problems });
    const seen = this.changes;
    const write = {
      dictationId: this.dictationId,
      doc,
      baseVersion: this.view.baseVersion,
      send: !this.view.offer && !problems.length,
      final: opts.final,
      label: this.label,
    };
    const task = this.writes.then(() => writeLetter(write));
    this.writes = task.then(
      () => {
        this.set({ writeError: null, ...(this.changes === seen ? { unwritten: false } : {}) });
        this.send.soon();
      },
      (err: unknown) => this.set({ writeError: `Not saved on this device: ${err instanceof Error ? err.message : String(err)}` }),
    );
    return this.writes.then(() => problems);
  }

  /** Ctrl/Cmd+S: write now, queue a final save and try to send it; answers where the letter stands. */
  async saveFinal(): Promise<SaveState> {
    await this.flush({ final: true });
    await this.send.now(requestSync);
    // The drain's answer is in Dexie now; the live query may not have caught up yet.
    this.apply(await readStoredLetter(this.dictationId));
    return this.view.saveState;
  }

  /** "Use it": the device's text stays and is sent (a conflict follows if the server moved on meanwhile). */
  async useLocal(): Promise<void> {
    this.set({ offer: null });
    await this.flush({ force: true });
  }

  /** After a conflict, "Keep mine": the device's text is sent over the server's newer version, knowingly. */
  async keepMine(): Promise<void> {
    const theirs = this.view.conflict;
    if (!theirs) return;
    await this.settle();
    await keepLocalOver(this.dictationId, theirs.version);
    this.set({ conflict: null, baseVersion: theirs.version });
    await this.flush({ force: true });
  }

  /** "Take theirs" after a conflict, or "Discard it" for the device's text: the server's letter replaces it. */
  async useServer(letter: Letter | null = this.view.conflict ?? this.view.server): Promise<void> {
    if (!letter) return;
    await this.settle();
    await adoptServerLetter(this.dictationId, letter);
    this.editor?.chain().setMeta('addToHistory', false).setContent(letter.doc, { emitUpdate: false }).run();
    this.set({
      problems: this.problemsOf(letter.doc),
      offer: null,
      conflict: null,
      refused: null,
      server: letter,
      baseVersion: letter.version,
      unwritten: false,
      writeError: null,
    });
  }

  /** No write pending or under way. */
  private async settle() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.writes;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.flush();
    this.live?.unsubscribe();
    this.send.cancel();
    this.unwatch();
  }
}
