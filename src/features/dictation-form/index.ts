export { DetailsForm } from './components/details-form';
export { useDictationOptions } from './use-dictation-options';
export { EMPTY_DETAILS, validateDetails, type DetailsValue } from './details';
