/** Recipients (issue 13): the tab, loaded with its first showing, and the checks run before approval and sending. */
export { RecipientsSlot } from './lazy';
export { recipientsApprovalProblem, recipientsSendProblems } from './approval-check';
