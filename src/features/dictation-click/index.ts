export { useDictationClick, type ClickableDictation } from './use-dictation-click';
