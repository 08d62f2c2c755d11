import { describe, expect, it } from 'vitest';
import {
  buildLetterModel,
  defaultLetterhead,
  letterRecipients,
  recipientEntries,
  recipientSuggestions,
  type LetterSource,
} from '../../src/domain/letter-model';
import {
  blankEntry,
  dedupeEntries,
  entryChannel,
  firstRecipientProblem,
  type RecipientEntry,
  type RecipientLists,
} from '../../src/domain/recipient-entries';
import type { Recipient } from '../../src/domain/recipients';

const NO_MESH = { meshConfigured: false, meshReason: 'MESH is not set up here.' };
const MESH = { meshConfigured: true };

const entry = (recipient: Recipient, more: Partial<RecipientEntry> = {}): RecipientEntry => ({
  recipient,
  email: '',
  address_lines: [],
  channel: null,
  from_index: false,
  ...more,
});
const patient = (more: Partial<RecipientEntry> = {}) => entry({ type: 'patient', id: '3', name: 'Arthur Penrose' }, more);
const gp = (code: string, more: Partial<RecipientEntry> = {}) =>
  entry({ type: 'gp', id: code, name: 'Dr Helen Marsh', patient_id: '3' }, more);
const kin = (name: string, more: Partial<RecipientEntry> = {}) => entry({ type: 'nok', name, relationship: 'Daughter' }, more);

describe('the channel of an entry', () => {
  it('takes the best the details allow when nobody chose one', () => {
    expect(entryChannel(patient({ email: 'a@example.org', address_lines: ['1 Road'] }), NO_MESH)).toMatchObject({
      ok: true,
      channel: 'email',
    });
    expect(entryChannel(patient({ address_lines: ['1 Road'] }), NO_MESH)).toMatchObject({ ok: true, channel: 'print' });
    expect(entryChannel(gp('A99001', { address_lines: ['1 Walk'] }), MESH)).toMatchObject({ ok: true, channel: 'gp_electronic' });
    expect(entryChannel(gp('A99001', { address_lines: ['1 Walk'] }), NO_MESH)).toMatchObject({ ok: true, channel: 'print' });
  });

  it('keeps a chosen channel that reaches them, and says why one does not', () => {
    expect(entryChannel(patient({ email: 'a@example.org', address_lines: ['1 Road'], channel: 'print' }), NO_MESH)).toEqual({
      ok: true,
      channel: 'print',
      note: null,
    });
    expect(entryChannel(patient({ address_lines: ['1 Road'], channel: 'email' }), NO_MESH)).toEqual({
      ok: false,
      reason: 'No e-mail address is known for the patient Arthur Penrose.',
    });
    expect(entryChannel(gp('A99001', { channel: 'gp_electronic' }), NO_MESH)).toEqual({ ok: false, reason: 'MESH is not set up here.' });
  });

  it('the first recipient nothing reaches is named, send-to first', () => {
    const lists: RecipientLists = { to: [patient({ address_lines: ['1 Road'] })], cc: [kin('Mary Penrose'), gp('')] };
    expect(firstRecipientProblem(lists, NO_MESH)).toBe(
      'The letter cannot reach the next of kin Mary Penrose: neither an e-mail nor a postal address is known.',
    );
    expect(firstRecipientProblem({ to: lists.to, cc: [] }, NO_MESH)).toBeNull();
  });
});

describe('de-duplicating the editor’s lists (spec §5 through the one function)', () => {
  it('keeps the first of each recipient and nobody copied who is sent the letter, saying how many went', () => {
    const first = patient({ email: 'a@example.org' });
    const { lists, dropped } = dedupeEntries({
      to: [first, patient({ email: 'other@example.org' })],
      cc: [gp('a99001'), gp('A99001 '), kin('Mary  Penrose'), kin('mary penrose'), patient()],
    });
    expect(lists).toEqual({ to: [first], cc: [gp('a99001'), kin('Mary  Penrose')] });
    expect(dropped).toBe(4);
  });

  it('a blank entry of each type has the fields spec §3 names; an orp has an id of its own', () => {
    expect(blankEntry('orp', '3', () => 'orp-1').recipient).toEqual({ type: 'orp', id: 'orp-1', name: '', relationship: '' });
    expect(blankEntry('gp', '3', () => 'x').recipient).toEqual({ type: 'gp', id: '', name: '', patient_id: '3' });
    expect(blankEntry('nok', '3', () => 'x').recipient).toEqual({ type: 'nok', name: '', relationship: '' });
  });
});

const source = (over: Partial<LetterSource> = {}): LetterSource => ({
  reference: '261122101500',
  status: 'AUTHOR_APPROVAL',
  dictated_at: '2026-11-20T09:00:00Z',
  job_type: { name: 'Clinic Letter', recipient: ['patient'], copy: ['gp'], template: [] },
  department: 'Cardiology',
  patient: { patient_first_name: 'Arthur', patient_last_name: 'PENROSE', patient_nhs_id: '9434765919' },
  indexed: {
    id: 3,
    address: { lines: ['12 Mill Lane', 'Demoton'], postCode: 'DM1 2AB' },
    gp: { code: 'A99001', name: 'Dr Helen Marsh', practice: 'Riverside Medical Centre', address: '1 Riverside Walk', postCode: 'DM1 4RW' },
    next_of_kin: [{ name: 'MARY PENROSE', relationship: 'Daughter' }],
  },
  appointment: null,
  author: { id: 1, name: 'Daniel Reid', job_title: null, registration_number: null },
  doc: null,
  approval: null,
  letterhead: defaultLetterhead('Demo NHS Foundation Trust', 'Demo General Hospital'),
  now: new Date('2026-11-22T10:00:00Z'),
  time_zone: 'Europe/London',
  ...over,
});

describe('saved recipients in the letter', () => {
  it('without saved lists the editor opens with the job type’s, their details following the index', () => {
    const lists = recipientEntries(source());
    expect(lists.to).toEqual([
      entry(
        { type: 'patient', id: '3', name: 'Arthur Penrose' },
        { address_lines: ['12 Mill Lane', 'Demoton', 'DM1 2AB'], from_index: true },
      ),
    ]);
    expect(lists.cc[0]).toMatchObject({ recipient: { type: 'gp', id: 'A99001' }, from_index: true });
    expect(recipientSuggestions(source()).map((s) => [s.recipient.type, s.recipient.name])).toEqual([
      ['patient', 'Arthur Penrose'],
      ['gp', 'Dr Helen Marsh'],
      ['nok', 'Mary Penrose'],
    ]);
  });

  it('saved lists replace the job type’s in the printed letter and for delivery, with the chosen channel', () => {
    const saved: RecipientLists = {
      to: [kin('Mary Penrose', { address_lines: ['9 Oak Street', 'DE2 9OS'] })],
      cc: [patient({ email: 'arthur@example.org', channel: 'email' })],
    };
    const src = source({ recipients: saved });
    const model = buildLetterModel(src);
    expect(model.addressee).toEqual({ name: 'Mary Penrose', lines: ['9 Oak Street', 'DE2 9OS'] });
    expect(model.salutation).toBe('Dear Mary Penrose,');
    expect(model.cc).toEqual([{ name: 'Arthur Penrose', lines: [] }]);
    expect(letterRecipients(src).map((r) => [r.role, r.recipient.type, r.channel, r.contact.email ?? null])).toEqual([
      ['to', 'nok', null, null],
      ['cc', 'patient', 'email', 'arthur@example.org'],
    ]);
    expect(recipientEntries(src)).toEqual(saved);
  });

  it('an entry kept from the index takes the index’s details at the time of reading; gone from the index, nothing reaches it', () => {
    const saved: RecipientLists = {
      to: [patient({ from_index: true })],
      cc: [gp('OLD01', { from_index: true, address_lines: ['Old Surgery'] })],
    };
    const now = letterRecipients(source({ recipients: saved }));
    expect(now[1]!.recipient).toMatchObject({ type: 'gp', id: 'A99001' });
    expect(now[0]!.block.lines).toEqual(['12 Mill Lane', 'Demoton', 'DM1 2AB']);
    const noGp = letterRecipients(source({ recipients: saved, indexed: { ...source().indexed!, gp: null } }));
    expect(noGp[1]!.contact).toMatchObject({ odsCode: null, addressLines: [] });
  });
});
