/**
 * Review and approval (issue 12): batch approval for the AUTHOR_APPROVAL list's selection bar, and the
 * profile's Signature. The dictation page's review mode lives with the page (src/pages/dictation-page).
 */
export { BatchApproveButton, type BatchApproveButtonProps } from './batch-approve-button';
export { SignatureSection } from './signature-section';
