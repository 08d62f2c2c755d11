import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { Node as PmNode } from '@tiptap/pm/model';
import { AUDIO_MS_MAX } from '../../domain/letter-doc';

/** Reads `data-audio-ms` back: a whole number of milliseconds within range, else none. */
export function parseAudioMs(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const ms = Number(value);
  return ms <= AUDIO_MS_MAX ? ms : null;
}

/**
 * The paragraph's `audioMs` setting (src/domain/letter-doc.ts): where the player was when the typist
 * started the paragraph. Part of the letter schema, so every editor has it; not carried over when a
 * paragraph is split (the new one is started later, at its own position).
 */
export const ParagraphAudio = Extension.create({
  name: 'paragraphAudio',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph'],
        attributes: {
          audioMs: {
            default: null,
            keepOnSplit: false,
            parseHTML: (el: HTMLElement) => parseAudioMs(el.getAttribute('data-audio-ms')),
            renderHTML: (attrs: Record<string, unknown>) =>
              typeof attrs.audioMs === 'number' ? { 'data-audio-ms': String(attrs.audioMs) } : {},
          },
        },
      },
    ];
  },
});

const paragraphAt = (state: EditorState): { node: PmNode; pos: number } | null => {
  const $head = state.selection.$head;
  const node = $head.parent;
  if (node.type.name !== 'paragraph') return null;
  return { node, pos: $head.before() };
};

/** "0:42", for the play-from-here button's name. */
const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export interface ParagraphAudioOptions {
  /** Where the audio is now (ms), or null when nothing has been played. */
  positionMs: () => number | null;
  /** Review mode: each paragraph gets a ▶ button playing from where it was typed. */
  reviewing: () => boolean;
  playFrom: (ms: number | null) => void;
}

const key = new PluginKey('paragraphAudio');

/**
 * Records, when the typist types the first character of a paragraph, where the audio was; in review
 * mode, shows a ▶ before a paragraph that plays from there, named by what it plays ("Play from 0:42").
 * A paragraph typed with no position recorded plays on from the one before it (the first from 0:00), so
 * it gets no ▶ of its own: one button per place in the audio, never seven alike (issue 23).
 */
export function createParagraphAudioExtension(opts: ParagraphAudioOptions) {
  return Extension.create({
    name: 'paragraphAudioTracking',
    addProseMirrorPlugins() {
      return [
        new Plugin({
          key,
          appendTransaction(transactions, before, after) {
            if (!transactions.some((tr) => tr.docChanged) || transactions.some((tr) => tr.getMeta('addToHistory') === false)) return null;
            const was = paragraphAt(before);
            const now = paragraphAt(after);
            // Started: the paragraph the cursor was in was empty, and the one it is in now has text.
            if (!was || !now || was.node.content.size > 0 || now.node.content.size === 0) return null;
            if (now.node.attrs.audioMs !== null && now.node.attrs.audioMs !== undefined) return null;
            const ms = opts.positionMs();
            if (ms === null) return null;
            return after.tr.setNodeAttribute(now.pos, 'audioMs', Math.min(ms, AUDIO_MS_MAX)).setMeta('addToHistory', false);
          },
          props: {
            decorations(state) {
              if (!opts.reviewing()) return null;
              const marks: Decoration[] = [];
              let before: number | null = null;
              state.doc.descendants((node, pos) => {
                if (node.type.name !== 'paragraph' || node.content.size === 0) return;
                const ms: number = typeof node.attrs.audioMs === 'number' ? node.attrs.audioMs : (before ?? 0);
                if (ms === before) return;
                before = ms;
                marks.push(
                  Decoration.widget(
                    pos + 1,
                    () => {
                      const b = document.createElement('button');
                      b.type = 'button';
                      b.className = 'paragraph-play';
                      b.contentEditable = 'false';
                      b.textContent = '▶';
                      b.dataset.audioMs = String(ms);
                      b.setAttribute('aria-label', `Play from ${clock(ms)}`);
                      b.title = b.getAttribute('aria-label')!;
                      b.addEventListener('mousedown', (e) => e.preventDefault());
                      b.addEventListener('click', (e) => {
                        e.preventDefault();
                        opts.playFrom(ms);
                      });
                      return b;
                    },
                    { side: -1, key: `play-${pos}-${ms}`, ignoreSelection: true },
                  ),
                );
              });
              return DecorationSet.create(state.doc, marks);
            },
          },
        }),
      ];
    },
  });
}
