import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfileSchema } from '../../src/domain/contract';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/user', () => {
  it('answers every profile field of spec §3 for the signed-in user', async () => {
    const token = await t.login('author@wardnote.test');
    const res = await t.call('GET', '/api/user', { token });
    expect(res.statusCode).toBe(200);
    const profile = userProfileSchema.parse(res.json().data);
    expect(profile).toMatchObject({
      full_name: 'Daniel Reid',
      first_name: 'Daniel',
      username: 'author',
      is_first_login: false,
      roles: [{ name: 'Author' }],
      amplify: true,
      scribe_assist: false,
      application_types: [{ name: 'amplify' }],
      site: { name: 'Demo General Hospital', mfa: false },
    });
    expect(profile.site_id).toBe(profile.site.id);
    expect(profile.interaction.map((i) => i.job_type.name)).toEqual(['Clinic Letter', 'Discharge Summary', 'Referral']);
    expect(profile.interaction[0]!.job_type.recipient).toEqual(['patient', 'gp']);
  });

  it('the scribe-only author has the scribe_assist application only', async () => {
    const token = await t.login('scribe@wardnote.test');
    const profile = (await t.call('GET', '/api/user', { token })).json().data;
    expect(profile).toMatchObject({ amplify: false, scribe_assist: true, application_types: [{ name: 'scribe_assist' }] });
  });
});

describe('POST /api/preference/{userId}', () => {
  it('saves the profile preferences and answers them under data.preferences', async () => {
    const token = await t.login('secretary@wardnote.test');
    const me = (await t.call('GET', '/api/user', { token })).json().data;
    const res = await t.call('POST', `/api/preference/${me.id}`, {
      token,
      body: { profile: { status: 'BEING_TYPED', footpedal_mode: 'basic' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.preferences.profile).toMatchObject({ status: 'BEING_TYPED', footpedal_mode: 'basic' });
    const again = (await t.call('GET', '/api/user', { token })).json().data;
    expect(again.preferences.profile.status).toBe('BEING_TYPED');
  });

  it("refuses to change another user's preferences (404) and changes nothing", async () => {
    const token = await t.login('secretary@wardnote.test');
    const authorToken = await t.login('author@wardnote.test');
    const author = (await t.call('GET', '/api/user', { token: authorToken })).json().data;
    const res = await t.call('POST', `/api/preference/${author.id}`, { token, body: { profile: { status: 'SENT' } } });
    expect(res.statusCode).toBe(404);
    expect((await t.call('GET', '/api/user', { token: authorToken })).json().data.preferences.profile.status).toBeUndefined();
  });

  it.each([
    [{ profile: { status: 'NOT_A_STATUS' } }],
    [{ profile: { colour: 'blue' } }],
    [{ notprofile: {} }],
    [{ profile: { scribe_assist: { number_of_speakers: 12 } } }],
  ])('answers 422 with a message for %j', async (body) => {
    const token = await t.login('manager@wardnote.test');
    const me = (await t.call('GET', '/api/user', { token })).json().data;
    const res = await t.call('POST', `/api/preference/${me.id}`, { token, body });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBeTruthy();
  });

  it('refuses fewer than five list columns with the spec message, and unknown columns; keeps the saved choice', async () => {
    const token = await t.login('manager@wardnote.test');
    const me = (await t.call('GET', '/api/user', { token })).json().data;
    const save = (columns: string[]) => t.call('POST', `/api/preference/${me.id}`, { token, body: { profile: { columns } } });
    const five = ['reference', 'author', 'department', 'tat', 'NHS_number'];
    expect((await save(five)).statusCode).toBe(200);

    const four = await save(['reference', 'author', 'department', 'tat']);
    expect(four.statusCode).toBe(422);
    expect(four.json().message).toContain('Select a minimum of 5 columns to display.');
    // The same column five times is one column.
    expect((await save(['tat', 'tat', 'tat', 'tat', 'tat'])).json().message).toContain('Select a minimum of 5 columns to display.');
    const unknown = await save([...five, 'salary']);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toContain('not a column the work queue can show');

    expect((await t.call('GET', '/api/user', { token })).json().data.preferences.profile.columns).toEqual(five);
  });

  it('answers 422, not 500, for a user id that is not a number', async () => {
    const token = await t.login('manager@wardnote.test');
    const res = await t.call('POST', '/api/preference/abc', { token, body: { profile: {} } });
    expect(res.statusCode).toBe(422);
  });
});

describe('first login', () => {
  it('a first-login user can read the profile but nothing else until the password is changed', async () => {
    const token = await t.login('newstarter@wardnote.test');
    expect((await t.call('GET', '/api/user', { token })).json().data.is_first_login).toBe(true);
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(403);
  });
});
