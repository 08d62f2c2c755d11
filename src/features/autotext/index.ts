/**
 * Autotext for the letter editor and the dictation page. The /autotext and /autotextpopup routes import
 * their pages directly, so this file (and TipTap) is loaded only by the pages that edit letters.
 */
export { createAutotextExtension, typedShortcut, type AutotextExtensionOptions } from './editor/autotext-extension';
export { focusPlaceholder, placeholderRanges } from './editor/placeholders';
export { AutotextPicker } from './components/autotext-picker';
export { useAutotexts, loadAutotexts } from './snippets-cache';
export { openAutotextPopup } from './popup/popup-channel';
export { useAutotextPopupBridge, listenForPopupInserts } from './popup/use-popup-bridge';
export { fillMergeFields, mergeValuesFromDictation, type MergeValues } from '../../domain/autotext-merge';
