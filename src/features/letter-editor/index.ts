/**
 * The letter editor (issue 11). Imported only by the dictation page's route chunk, never the entry.
 * - useLetter(dictationId): the letter, its save state, flush() (await before queueing a hand-off) and
 *   saveFinal() (Ctrl/Cmd+S). useLetterActions(dictationId): the two actions alone, without re-rendering.
 * - <LetterEditor dictationId editable readOnlyReason? extraExtensions? onEditor? label? />: the editor,
 *   with the newer-local-text offer, the conflict side by side and the not-editable notice built in.
 * - <SaveStatus dictationId />: where the text stands, for the header.
 * - <VersionsTab dictationId />: the versions and a word-level comparison of any two.
 */
export { useLetter, useLetterActions, type UseLetter } from './use-letter';
export { LetterEditor, type LetterEditorProps } from './components/letter-editor';
export { SaveStatus } from './components/save-status';
export { LetterConflict } from './components/letter-conflict';
export { VersionsTab } from './components/versions-tab';
export type { SaveState } from './save-state';
export { letterExtensions } from './letter-schema';
export { createParagraphAudioExtension, ParagraphAudio } from './paragraph-audio';
export { DiffText } from './components/version-diff';
export { versionQuery, versionsQuery } from './api';
