export { DictationSummary } from './dictation-summary';
