/** Texts of the administration's audit pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */
export const ADMIN_AUDIT_MESSAGES = {
  auditTitle: 'Audit log',
  auditIntro:
    'Who did what, and when, in this trust: sign-ins, changes to dictations and letters, downloads and administration. Opening this page and exporting from it are recorded here too.',
  auditIntroSite:
    'As a site administrator you see what your site’s people did. Filter by a dictation of your site to see its whole trail, whoever acted on it.',
  auditEmpty: 'No audit entries found',
  auditEmptyFiltered: 'No audit entries match these filters. Widen the dates or clear a filter.',
  auditReferenceUnknown: 'No dictation with this reference was found.',
  auditDateInvalid: 'Enter a date as day, month and year.',
  auditDateOrder: 'The end date must be on or after the start date.',
  auditCursorInvalid: 'That page link is not valid any more: start again from the first page.',
  auditExportLimit: (rows: string) => `An export holds at most ${rows} entries, newest first: narrow the dates for more.`,
  auditExportStarted: 'The export is downloading.',
  auditExportStoppedRows: (rows: string) =>
    `Export stopped after ${rows} entries, its limit: narrow the dates or filters to export the rest.`,
  auditExportStoppedTime: (rows: string) => `Export stopped after ${rows} entries, its time limit: narrow the dates or filters.`,
  auditCountMore: (rows: string) => `more than ${rows}`,
  auditMorePeople: 'More people for the User list',
} as const;

/**
 * What each audited action means, in plain words (server code → label). An action without a label here
 * (one a later module adds) is shown by `auditActionLabel` from its code.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'audit.viewed': 'Opened the audit log',
  'audit.exported': 'Exported the audit log',
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in failed',
  'auth.locked': 'Account locked after failed sign-ins',
  'auth.logout': 'Signed out',
  'auth.pin_set': 'Set a PIN',
  'auth.pin_verified': 'Entered the PIN',
  'auth.pin_failed': 'Entered a wrong PIN',
  'auth.password_changed': 'Changed the password',
  'auth.password_change_failed': 'Password change refused',
  'auth.password_reset_requested': 'Asked for a password reset link',
  'auth.password_reset': 'Reset the password',
  'autotext.import': 'Imported autotext',
  'delegation.created': 'Set a standing delegation',
  'delegation.revoked': 'Revoked a standing delegation',
  'dictation.created': 'Created a dictation',
  'dictation.draft_updated': 'Changed a draft’s details',
  'dictation.submitted': 'Submitted a dictation for typing',
  'dictation.status': 'Moved a dictation on',
  'dictation.assigned': 'Allocated a dictation',
  'dictation.deleted': 'Deleted a dictation',
  'dictation.confidential': 'Changed a dictation’s confidential marking',
  'dictation.commented': 'Commented on a dictation',
  'dictation.viewed_confidential': 'Opened a confidential dictation',
  'dictation.attachment_added': 'Attached a file',
  'dictation.attachment_downloaded': 'Downloaded an attachment',
  'dictation.attachment_deleted': 'Removed an attachment',
  'letter.saved': 'Saved a letter',
  'letter.approved': 'Approved a letter',
  'letter.printed': 'Printed a letter',
  'letter.print_link': 'Opened a letter’s print link',
  'patient.identity_choice': 'Chose a patient record',
  'patients.search': 'Searched the patient index',
  'patients.appointments': 'Looked up appointments',
  'trust.distribution_settings': 'Changed the distribution settings',
  'user.preferences_changed': 'Changed preferences',
  'user.signature_changed': 'Changed the letter signature',
};

/** An action's plain words: its label, else its code made readable ("delivery.sent" → "Delivery: sent"). */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const [head, ...rest] = action.split('.');
  const words = (s: string) => s.replace(/_/g, ' ');
  const area = words(head ?? action);
  const what = words(rest.join(' '));
  return what ? `${area.charAt(0).toUpperCase()}${area.slice(1)}: ${what}` : `${area.charAt(0).toUpperCase()}${area.slice(1)}`;
}
