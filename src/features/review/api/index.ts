/** Review's server state (issue 24 point 5): batch approval and the profile's Signature. */
export { useBatchApprove } from './batch-approve';
export { reviewKeys, signatureOptions, useSaveSignature, useSignature } from './signature';
