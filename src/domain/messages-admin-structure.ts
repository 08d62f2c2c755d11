/** Texts of the administration's structure pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */

/** "3 job types", "1 dictation". */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 job types and 120 dictations refer", "1 autotext refers": what refers to a department or job type. */
function uses(u: { jobTypes?: number; dictations?: number; autotexts?: number; settings?: number; users?: number }): string {
  const parts = [
    u.jobTypes ? count(u.jobTypes, 'job type') : null,
    u.dictations ? count(u.dictations, 'dictation') : null,
    u.autotexts ? count(u.autotexts, 'autotext') : null,
    u.settings ? count(u.settings, 'setting') : null,
    u.users ? (u.users === 1 ? 'the job-type filter of 1 user' : `the job-type filters of ${u.users} users`) : null,
  ].filter((p): p is string => p !== null);
  if (!parts.length) return 'other records refer';
  const one = parts.length === 1 && (/^1 /.test(parts[0]!) || parts[0]!.startsWith('the job-type filter of'));
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
  return `${list} ${one ? 'refers' : 'refer'}`;
}

export type StructureUses = Parameters<typeof uses>[0];

export const ADMIN_STRUCTURE_MESSAGES = {
  // Departments: the shared schema's words (client and server say the same).
  departmentNameRequired: 'Enter the department’s name.',
  departmentNameTooLong: 'Use at most 100 characters for the name.',
  departmentCodeRequired: 'Enter a short code for the department, such as CAR.',
  departmentCodeTooLong: 'Use at most 10 characters for the code.',
  departmentCodeFormat: 'Use capital letters, digits and hyphens only in the code, such as CAR or ENT-2.',
  departmentNothingToChange: 'Change the name, the code or whether the department is active.',
  // Departments: the server's refusals.
  departmentNameTaken: (name: string) => `This trust already has a department called “${name}”. Choose another name.`,
  departmentCodeTaken: (code: string) => `The code ${code} is already used by another department of this trust. Choose another code.`,
  departmentInUse: (name: string, u: StructureUses) =>
    `${name} cannot be deleted: ${uses(u)} to it. Deactivate it instead: it stays on its existing work but is no longer offered for new work.`,
  departmentInactive: 'This department is inactive. Choose an active department, or reactivate it first.',
  // Departments: the page.
  departmentsEmpty: 'No departments yet. Add the trust’s first department: its name and a short code, such as Cardiology and CAR.',
  departmentAdded: (name: string) => `Added: ${name}.`,
  departmentSaved: (name: string) => `Saved: ${name}.`,
  departmentDeactivated: (name: string) => `${name} is inactive: it is no longer offered for new work.`,
  departmentReactivated: (name: string) => `${name} is active again.`,
  departmentDeleted: (name: string) => `Deleted: ${name}.`,
  departmentDeleteConfirm: (name: string) => `Delete ${name}?`,
  departmentDeleteBody:
    'A department that no job type, dictation or autotext refers to is deleted for good. One in use is refused: deactivate it instead.',
  departmentDeactivateBody:
    'Existing dictations keep it; it is no longer offered for new dictations or job types. You can reactivate it at any time.',

  // Job types: the shared schema's words.
  jobTypeNameRequired: 'Enter the job type’s name.',
  jobTypeNameTooLong: 'Use at most 100 characters for the name.',
  jobTypeRecipientRequired: 'Choose who a letter of this type is sent to.',
  jobTypeRecipientTwice: 'Choose each party once: the patient, the clinician or the GP.',
  jobTypeRecipientAndCopy: (party: string) => `The ${party} is already a recipient: a party is either sent the letter or copied, not both.`,
  jobTypeFieldLabelRequired: 'Enter the field’s label.',
  jobTypeFieldLabelTooLong: 'Use at most 60 characters for a label.',
  jobTypeFieldLabelTwice: (label: string) => `Another field is already labelled “${label}”. Give each field its own label.`,
  jobTypeFieldIdFormat: 'A field’s id is lower-case letters, digits and underscores.',
  jobTypeFieldIdTwice: 'Two fields have the same id.',
  jobTypeFieldOptionsNeeded: 'Give a choice field at least two options, one per line.',
  jobTypeFieldOptionsOnlyChoice: 'Only a choice field has options.',
  jobTypeFieldOptionTwice: (option: string) => `The option “${option}” is listed twice.`,
  jobTypeFieldOptionTooLong: 'Use at most 60 characters for an option.',
  jobTypeFieldsTooMany: 'A job type has at most 20 custom fields.',
  jobTypeFieldOptionsTooMany: 'A choice field has at most 30 options.',
  jobTypeHeadingRequired: 'Enter the heading, or remove it.',
  jobTypeHeadingTooLong: 'Use at most 100 characters for a heading.',
  jobTypeHeadingTwice: (heading: string) => `The heading “${heading}” is in the template twice.`,
  jobTypeHeadingsTooMany: 'A template has at most 30 headings.',
  jobTypeQaPercent: 'The QA sample is a whole percentage from 0 to 100.',
  jobTypeTurnaround: 'The turnaround target is a whole number of working days from 1 to 60, or empty for the trust’s target.',
  jobTypeNothingToChange: 'Change at least one thing about the job type.',
  // Job types: the server's refusals.
  jobTypeNameTaken: (name: string) => `This trust already has a job type called “${name}”. Choose another name.`,
  jobTypeInUse: (name: string, u: StructureUses) =>
    `${name} cannot be deleted: ${uses(u)} to it. Deactivate it instead: its letters keep it, but it is no longer offered for new dictations.`,
  jobTypeDepartmentUnknown: 'Choose a department of this trust.',
  // Job types: the pages.
  jobTypesEmpty: 'No job types yet. Add the trust’s first one: the kind of letter, who it goes to, and the headings it starts from.',
  jobTypeAdded: (name: string) => `Added: ${name}.`,
  jobTypeSaved: (name: string) => `Saved: ${name}.`,
  jobTypeDeleted: (name: string) => `Deleted: ${name}.`,
  jobTypeDeleteConfirm: (name: string) => `Delete ${name}?`,
  jobTypeDeleteBody: 'A job type that no dictation refers to is deleted for good. One in use is refused: deactivate it instead.',
  jobTypeEveryDepartment: 'Every department',
  jobTypeNoFields: 'No custom fields: the author fills in the usual details only.',
  jobTypeNoHeadings: 'No headings: the typist’s letter starts empty.',
  structureNotFound: 'This was not found. It may have been deleted, or belong to another trust.',
};
