export { useDictation } from './use-dictation';
export { DictationSummary } from './dictation-summary';
export { DraftDictationPage } from './draft-dictation-page';
