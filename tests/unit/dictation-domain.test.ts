import { describe, expect, it } from 'vitest';
import { convertVoiceCommands } from '../../src/domain/punctuation';
import { formatNhsNumber, isValidNhsNumber } from '../../src/domain/nhs-number';
import { isAcceptedUploadFile, uploadRefusal } from '../../src/domain/upload-files';
import { commitTitle, nextTabIndex, tabLabel, tabTypeFor } from '../../src/domain/recording-tabs';
import { canViewDictation } from '../../src/domain/dictation-access';
import { MESSAGES } from '../../src/domain/messages';
import type { AccessSubject } from '../../src/domain/access';

describe('voice-command punctuation', () => {
  it.each([
    ['the patient is well comma afebrile full stop', 'The patient is well, afebrile.'],
    ['plan period review in clinic new line', 'Plan. Review in clinic'],
    ['dear doctor comma new paragraph thank you for seeing', 'Dear doctor,\n\nThank you for seeing'],
    ['is the pain worse at night question mark', 'Is the pain worse at night?'],
    ['see open bracket page two close bracket', 'See (page two)'],
    ['blood pressure one forty slash ninety', 'Blood pressure one forty/ninety'],
    ['COMMA Full  Stop', ',.'],
    ['no commands here', 'No commands here'],
    ['commander and periodic review', 'Commander and periodic review'],
  ])('%j → %j', (spoken, written) => {
    expect(convertVoiceCommands(spoken)).toBe(written);
  });
});

describe('NHS number check digit', () => {
  it.each(['9434765919', '943 476 5919', '943-476-5919', '4010232137'])('%s is valid', (n) => expect(isValidNhsNumber(n)).toBe(true));
  it.each(['9434765918', '943476591', '94347659190', 'abcdefghij', '', '1000000002'])('%j is not', (n) =>
    expect(isValidNhsNumber(n)).toBe(false),
  );
  it('formats as 3-3-4', () => expect(formatNhsNumber('9434765919')).toBe('943 476 5919'));
});

describe('upload file types (spec §5)', () => {
  it.each(['a.dss', 'b.DS2', 'c.WmA', 'd.wav', 'e.MP3', 'f.m4a', 'clinic.2026.mp3'])('%s is accepted', (n) =>
    expect(isAcceptedUploadFile(n)).toBe(true),
  );
  it.each(['a.ogg', 'b.webm', 'c.pdf', 'mp3', 'noext', 'x.mp3.exe'])('%s is refused with a message', (n) => {
    expect(isAcceptedUploadFile(n)).toBe(false);
    expect(uploadRefusal(n)).toContain('cannot be uploaded');
  });
});

describe('recording tabs', () => {
  const tab = (index: number, title: string | null = null) => ({ index, title, type: 'record' as const });
  it('titles default to Recording (n)', () => {
    expect(tabLabel(tab(2))).toBe('Recording (2)');
    expect(tabLabel(tab(2, '  Mr Smith  '))).toBe('Mr Smith');
  });
  it('an empty edited title reverts to the previous one', () => {
    expect(commitTitle('Ward round', '   ')).toBe('Ward round');
    expect(commitTitle(null, '')).toBeNull();
    expect(commitTitle('Ward round', ' Clinic ')).toBe('Clinic');
  });
  it('opens the lowest free tab, and refuses a fifth with the spec message', () => {
    expect(nextTabIndex([])).toEqual({ index: 1 });
    expect(nextTabIndex([tab(1), tab(3)])).toEqual({ index: 2 });
    expect(nextTabIndex([tab(1), tab(2), tab(3), tab(4)])).toEqual({ error: MESSAGES.maxTabs });
  });
  it('chooses the tab type from the preference and the site integration (DESIGN §5)', () => {
    expect(tabTypeFor(true, 'nuance')).toBe('sr');
    expect(tabTypeFor(false, 'nuance')).toBe('record');
    expect(tabTypeFor(true, null)).toBe('record');
    expect(tabTypeFor(false, 'Dragon Medical One')).toBe('dmo');
  });
});

describe('who sees a dictation', () => {
  const s = (roles: AccessSubject['roles'], permissions: AccessSubject['permissions'] = []): AccessSubject => ({
    roles,
    permissions,
    isFirstLogin: false,
    amplify: true,
    scribeAssist: false,
    needsPin: false,
    siteTrustId: 1,
  });
  const d = { authorId: 1, createdBy: 1, assignedTo: 3, isConfidential: false, status: 'BEING_TYPED' };
  it('the author and the trust’s secretaries, not another author', () => {
    expect(canViewDictation(s(['Author']), 1, d)).toBe(true);
    expect(canViewDictation(s(['Author']), 2, d)).toBe(false);
    expect(canViewDictation(s(['Secretary']), 9, d)).toBe(true);
    expect(canViewDictation(s([], ['dictation.view']), 9, d)).toBe(true);
    expect(canViewDictation(s(['TrustAdmin']), 9, d)).toBe(false);
  });
  it('a confidential dictation: author, assignee and managers only', () => {
    const c = { ...d, isConfidential: true };
    expect(canViewDictation(s(['Secretary']), 9, c)).toBe(false);
    expect(canViewDictation(s(['Secretary']), 3, c)).toBe(true);
    expect(canViewDictation(s(['Manager']), 9, c)).toBe(true);
    expect(canViewDictation(s(['Author']), 1, c)).toBe(true);
  });
  it('a draft is its author’s until submitted: only its author and whoever recorded it (issue 22 point 8)', () => {
    const draft = { authorId: 1, createdBy: 5, assignedTo: null, isConfidential: false, status: 'DRAFT' };
    expect(canViewDictation(s(['Author']), 1, draft)).toBe(true);
    expect(canViewDictation(s(['Secretary']), 5, draft)).toBe(true);
    for (const roles of [['Secretary'], ['Manager'], ['SuperAdmin'], ['Manager', 'SuperAdmin']] as AccessSubject['roles'][])
      expect(canViewDictation(s(roles), 9, draft), roles.join()).toBe(false);
    expect(canViewDictation(s([], ['dictation.view']), 9, draft)).toBe(false);
    expect(canViewDictation(s(['Manager']), 9, { ...draft, isConfidential: true })).toBe(false);
    // Submitted, it is the typists' work.
    expect(canViewDictation(s(['Secretary']), 9, { ...draft, status: 'READY_FOR_TYPING' })).toBe(true);
  });
});
