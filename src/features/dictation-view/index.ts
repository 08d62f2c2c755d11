export { dictationKeys, dictationOptions, useDictation } from './api/get-dictation';
export { DictationSummary } from './dictation-summary';
export { DraftDictationPage } from './draft-dictation-page';
