export { useDictation, dictationOptions } from './api/get-dictation';
export { dictationKeys } from './api/keys';
export { DictationSummary } from './dictation-summary';
export { DraftDictationPage } from './draft-dictation-page';
