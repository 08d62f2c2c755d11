import { describe, expect, it } from 'vitest';
import { channelProblem, chooseChannel, type RecipientContact } from '../../src/domain/delivery-channel';

const MESH = { meshConfigured: true };
const NO_MESH = { meshConfigured: false, meshReason: 'MESH is not set up here, so GP copies are printed and posted instead.' };
const ADDRESS = ['1 River Road', 'Demoton', 'DE1 2AB'];

const gp = (over: Partial<RecipientContact> = {}): RecipientContact => ({
  type: 'gp',
  name: 'Dr Ann Green',
  odsCode: 'A81001',
  addressLines: ADDRESS,
  ...over,
});
const patient = (over: Partial<RecipientContact> = {}): RecipientContact => ({
  type: 'patient',
  name: 'Jane Smith',
  email: 'jane@example.org',
  addressLines: ADDRESS,
  ...over,
});

describe('chooseChannel: the channel a recipient’s copy goes by', () => {
  it('a GP practice with an ODS code goes over MESH when it is set up', () => {
    expect(chooseChannel(gp(), MESH)).toEqual({ ok: true, channel: 'gp_electronic', note: null });
  });

  it('without MESH the GP copy is printed, and the note says why in plain words', () => {
    expect(chooseChannel(gp(), NO_MESH)).toEqual({ ok: true, channel: 'print', note: NO_MESH.meshReason });
    expect(chooseChannel(gp({ odsCode: null }), MESH)).toEqual({
      ok: true,
      channel: 'print',
      note: 'No ODS code is known for the GP practice Dr Ann Green, so the copy is printed and posted.',
    });
  });

  it('a GP practice reachable neither way is refused, named', () => {
    expect(chooseChannel(gp({ addressLines: [] }), NO_MESH)).toEqual({
      ok: false,
      reason:
        'The letter cannot reach the GP practice Dr Ann Green: electronic delivery is not set up on this server and no postal address is known.',
    });
    expect(chooseChannel(gp({ odsCode: 'not an ods code!', addressLines: [' '] }), MESH)).toMatchObject({ ok: false });
  });

  it('a patient with an e-mail address is e-mailed, else posted, else refused', () => {
    expect(chooseChannel(patient(), NO_MESH)).toEqual({ ok: true, channel: 'email', note: null });
    expect(chooseChannel(patient({ email: null }), MESH)).toEqual({ ok: true, channel: 'print', note: null });
    expect(chooseChannel(patient({ email: 'not an address' }), MESH)).toEqual({ ok: true, channel: 'print', note: null });
    expect(chooseChannel(patient({ email: null, addressLines: [] }), MESH)).toEqual({
      ok: false,
      reason: 'The letter cannot reach the patient Jane Smith: neither an e-mail nor a postal address is known.',
    });
  });

  it('next of kin and other relevant people follow the patient’s rule', () => {
    expect(chooseChannel({ type: 'nok', name: 'Tom Smith', addressLines: ADDRESS }, MESH)).toMatchObject({ channel: 'print' });
    expect(chooseChannel({ type: 'orp', name: 'Ann Carer', addressLines: [] }, MESH)).toEqual({
      ok: false,
      reason: 'The letter cannot reach Ann Carer (other relevant person): neither an e-mail nor a postal address is known.',
    });
  });

  it('a clinician known only by name is printed for internal post, addressed by hand', () => {
    expect(chooseChannel({ type: 'clinician', name: 'Dr Ravi Shah', addressLines: [] }, MESH)).toEqual({
      ok: true,
      channel: 'print',
      note: 'No address is known for the clinician Dr Ravi Shah: address the printed copy by hand (internal post).',
    });
    expect(chooseChannel({ type: 'clinician', name: 'Dr Ravi Shah', email: 'ravi.shah@nhs.net', addressLines: [] }, MESH)).toMatchObject({
      channel: 'email',
    });
  });
});

describe('channelProblem: whether a channel someone picks for a resend can reach the recipient', () => {
  it('answers null when it can, else the reason', () => {
    expect(channelProblem(patient(), 'email', MESH)).toBeNull();
    expect(channelProblem(patient(), 'print', MESH)).toBeNull();
    expect(channelProblem(patient({ email: null }), 'email', MESH)).toBe('No e-mail address is known for the patient Jane Smith.');
    expect(channelProblem(patient(), 'gp_electronic', MESH)).toBe(
      'Only a GP practice can be sent a letter electronically over MESH, not the patient Jane Smith.',
    );
    expect(channelProblem(gp(), 'gp_electronic', NO_MESH)).toBe(NO_MESH.meshReason);
    expect(channelProblem(gp({ odsCode: '' }), 'gp_electronic', MESH)).toBe('No ODS code is known for the GP practice Dr Ann Green.');
    expect(channelProblem(patient({ addressLines: [] }), 'print', MESH)).toBe('No postal address is known for the patient Jane Smith.');
  });
});
