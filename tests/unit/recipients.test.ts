import { describe, expect, it } from 'vitest';
import { dedupeRecipientLists, dedupeRecipients, recipientKey, type Recipient } from '../../src/domain/recipients';

const patient = (id: string, name = 'Arthur Penrose'): Recipient => ({ type: 'patient', id, name });
const orp = (id: string, name = 'Mary Penrose', relationship = 'Carer'): Recipient => ({ type: 'orp', id, name, relationship });
const nok = (name: string, relationship = 'Daughter'): Recipient => ({ type: 'nok', name, relationship });
const clinician = (id: string, name = 'Dr Ruth Adeyemi'): Recipient => ({ type: 'clinician', id, name });
const gp = (code: string, name = 'Dr Helen Marsh', patient_id = '7'): Recipient => ({ type: 'gp', id: code, name, patient_id });

describe('recipient de-duplication (spec §5)', () => {
  it('patient: the same id and type once, whatever the name says', () => {
    expect(dedupeRecipients([patient('7'), patient('7', 'A. Penrose'), patient('8')])).toEqual([patient('7'), patient('8')]);
  });

  it('orp: the same id and type once; an orp and a patient with one id are two recipients', () => {
    expect(dedupeRecipients([orp('7'), orp('7', 'Someone else', 'Advocate'), patient('7')])).toEqual([orp('7'), patient('7')]);
  });

  it('nok: by name (letter case and spacing aside), whatever the relationship', () => {
    expect(dedupeRecipients([nok('Mary Penrose'), nok(' mary  PENROSE ', 'Wife'), nok('John Penrose')])).toEqual([
      nok('Mary Penrose'),
      nok('John Penrose'),
    ]);
  });

  it('clinician: by id, not by name', () => {
    expect(dedupeRecipients([clinician('C1'), clinician('C1', 'Ruth Adeyemi'), clinician('C2', 'Dr Ruth Adeyemi')])).toEqual([
      clinician('C1'),
      clinician('C2', 'Dr Ruth Adeyemi'),
    ]);
  });

  it('gp: by practice code, whoever the doctor and whichever patient', () => {
    expect(dedupeRecipients([gp('A99001'), gp('a99001 ', 'Dr Other', '9'), gp('A99002')])).toEqual([gp('A99001'), gp('A99002')]);
  });

  it('keeps the first of each, in the order given, and different types never collide', () => {
    const list = [clinician('7'), patient('7'), gp('7'), orp('7'), nok('7')];
    expect(dedupeRecipients(list)).toEqual(list);
    expect(new Set(list.map(recipientKey)).size).toBe(5);
  });

  it('copies leave out anyone the letter is already sent to, and repeats among themselves', () => {
    const { to, cc } = dedupeRecipientLists([patient('7'), gp('A99001'), patient('7')], [gp('A99001'), clinician('C1'), clinician('C1')]);
    expect(to).toEqual([patient('7'), gp('A99001')]);
    expect(cc).toEqual([clinician('C1')]);
  });

  it('keeps what else an entry carries (an address to print)', () => {
    const withAddress = { ...gp('A99001'), block: { name: 'Dr Helen Marsh', lines: ['1 Riverside Walk'] } };
    expect(dedupeRecipients([withAddress, { ...gp('A99001'), block: { name: 'x', lines: [] } }])).toEqual([withAddress]);
  });
});
