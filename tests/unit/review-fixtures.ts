import type { Dictation, Letter, WorklistRow } from '../../src/domain/contract';

/** The device's offline-review copies as tests build them: one author's letter waiting for approval. */
export const para = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

export const reviewDictation = (id: number, over: Partial<Dictation> = {}): Dictation => ({
  id,
  client_id: `c-${id}`,
  reference: `REF-${id}`,
  status: 'AUTHOR_APPROVAL',
  urgent: 'STANDARD',
  is_confidential: false,
  is_mobile: false,
  is_resend: false,
  sr: null,
  user: { id: 3, full_name: 'Daniel Reid' },
  department: null,
  jobtype: null,
  assigned_to: { user_id: 5 },
  patient: { patient_first_name: 'Margaret', patient_last_name: 'Hollis' },
  appointment: null,
  custom_fields: [],
  audio: null,
  created_at: '2026-11-20T09:00:00Z',
  ...over,
});

export const reviewRow = (id: number, over: Partial<WorklistRow> = {}): WorklistRow => ({
  return_reason: null,
  opened: null,
  id,
  reference: `REF-${id}`,
  status: 'AUTHOR_APPROVAL',
  urgent: 'STANDARD',
  is_confidential: false,
  is_mobile: false,
  is_resend: false,
  user: { id: 3, full_name: 'Daniel Reid' },
  department: null,
  jobtype: null,
  patient: { patient_first_name: 'Margaret', patient_last_name: 'Hollis' },
  created_at: '2026-11-20T09:00:00Z',
  secretarial_cover: false,
  assigned_to: { user_id: 5, full_name: 'Jenny Walsh' },
  audio: null,
  tat: { days: 1, target: 5, state: 'on_time', text: '1 of 5 days' },
  ...over,
});

export const reviewLetter = (id: number, version: number, text = 'Dear Dr Khan'): Letter => ({
  dictation_id: id,
  doc: para(text),
  version,
  updated_at: '2026-11-21T10:00:00Z',
  updated_by: null,
  editable: true,
  read_only_reason: null,
});
