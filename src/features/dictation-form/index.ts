export { DetailsSection } from './components/details-section';
export { EMPTY_DETAILS, detailsFromDictation, validateDetails, type DetailsValue } from './details';
export { useDictationOptions } from './api/options';
export { useDictationKeys } from './use-dictation-keys';
export { useDetailsForm } from './use-details-form';
export { keepDictationOptionsFresh, mayLoadDictationOptions } from './api/options-cache';
