export { DetailsSection } from './components/details-section';
export { EMPTY_DETAILS, validateDetails, type DetailsValue } from './details';
export { useDictationOptions } from './use-dictation-options';
