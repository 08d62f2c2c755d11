import { describe, expect, it } from 'vitest';
import {
  byKey,
  checkSettingValue,
  profileUpdateValues,
  resolveSettings,
  SETTING_KEYS,
  SETTINGS,
  userHeldValues,
  withEffectiveValues,
  type LevelValues,
  type TrustLimits,
} from '../../src/domain/settings-inheritance';
import { DEFAULT_LIST_COLUMNS } from '../../src/domain/list-columns';

const noLimits: TrustLimits = { audio_retention_days: null, transcript_retention_days: null };
const trust = (values: LevelValues['values'] = {}): LevelValues => ({ level: 'trust', id: 1, name: 'Demo NHS Foundation Trust', values });
const site = (values: LevelValues['values'] = {}): LevelValues => ({ level: 'site', id: 2, name: 'Main Hospital', values });
const dept = (values: LevelValues['values'] = {}): LevelValues => ({ level: 'department', id: 3, name: 'Cardiology', values });
const user = (values: LevelValues['values'] = {}): LevelValues => ({ level: 'user', id: 4, name: 'Alice Author', values });
const v = (value: unknown, locked = false) => ({ value, locked });
const FIVE = ['author', 'department', 'status', 'reference', 'tat'];

describe('settings inheritance: the table', () => {
  it('has one entry per key, each with a label, a description, levels and a default that passes its own rule', () => {
    expect(SETTINGS.map((s) => s.key)).toEqual([...SETTING_KEYS]);
    for (const s of SETTINGS) {
      expect(s.label.length).toBeGreaterThan(2);
      expect(s.description.length).toBeGreaterThan(10);
      expect(s.levels.length).toBeGreaterThan(0);
      if (s.default !== null) expect(checkSettingValue(s.key, s.default).ok).toBe(true);
    }
  });
});

describe('settings inheritance: resolve', () => {
  it('gives the default with source "default" when no level holds a value', () => {
    const r = byKey(resolveSettings([trust(), site(), dept(), user()], noLimits));
    expect(r.auto_rewind_seconds).toMatchObject({ value: 2, source: { level: 'default' }, source_text: 'default', locked: false });
    expect(r.footpedal_mode.value).toBe('basic');
    expect(r.number_of_speakers.value).toBe(2);
    expect(r.columns.value).toEqual([...DEFAULT_LIST_COLUMNS]);
  });

  it('takes the nearest level holding a value, across all four levels', () => {
    const chain = [trust({ auto_rewind_seconds: v(1) }), site({ auto_rewind_seconds: v(3) }), dept({ auto_rewind_seconds: v(4) }), user()];
    const r = byKey(resolveSettings(chain, noLimits));
    expect(r.auto_rewind_seconds).toMatchObject({
      value: 4,
      source: { level: 'department', name: 'Cardiology' },
      source_text: 'from Cardiology',
    });
    const own = byKey(resolveSettings([...chain.slice(0, 3), user({ auto_rewind_seconds: v(6) })], noLimits));
    expect(own.auto_rewind_seconds).toMatchObject({ value: 6, source: { level: 'user' }, source_text: 'your own', locked: false });
    const fromTrust = byKey(resolveSettings([trust({ auto_rewind_seconds: v(1) }), site(), dept(), user()], noLimits));
    expect(fromTrust.auto_rewind_seconds.source_text).toBe('from Demo NHS Foundation Trust');
  });

  it('says "set here" for a value the asked administrative level holds', () => {
    const r = byKey(resolveSettings([trust(), site({ speech_recognition: v(true) })], noLimits));
    expect(r.speech_recognition).toMatchObject({ value: true, source_text: 'set here', held: { value: true, locked: false } });
  });

  it('lets a lock above beat every lower value, and the highest lock wins', () => {
    const chain = [
      trust({ email_notifications: v({ sent: true, author_approval: true, new_task: true }, true) }),
      site({ email_notifications: v({ sent: false, author_approval: false, new_task: false }, true) }),
      dept(),
      user({ email_notifications: v({ sent: false, author_approval: false, new_task: false }) }),
    ];
    const r = byKey(resolveSettings(chain, noLimits));
    expect(r.email_notifications).toMatchObject({
      value: { sent: true, author_approval: true, new_task: true },
      locked: true,
      locked_by: { level: 'trust', name: 'Demo NHS Foundation Trust' },
      source_text: 'from Demo NHS Foundation Trust',
      settable: false,
      held: { value: { sent: false, author_approval: false, new_task: false } },
    });
  });

  it('a lock at the asked level itself does not stop that level; the level below is stopped', () => {
    const atSite = byKey(resolveSettings([trust(), site({ footpedal_mode: v('advanced', true) })], noLimits));
    expect(atSite.footpedal_mode).toMatchObject({ locked: false, settable: true, held: { locked: true } });
    const atUser = byKey(
      resolveSettings([trust(), site({ footpedal_mode: v('advanced', true) }), user({ footpedal_mode: v('basic') })], noLimits),
    );
    expect(atUser.footpedal_mode).toMatchObject({ value: 'advanced', locked: true, settable: false, locked_by: { name: 'Main Hospital' } });
  });

  it('an unlocked value above is only a default: a lower value wins', () => {
    const r = byKey(resolveSettings([trust({ speech_recognition: v(true) }), site(), user({ speech_recognition: v(false) })], noLimits));
    expect(r.speech_recognition).toMatchObject({ value: false, source_text: 'your own', locked: false });
  });

  it('only the levels a setting allows count: second factor is trust and site only', () => {
    const r = byKey(resolveSettings([trust({ mfa: v(true) }), site(), user({ mfa: v(false) })], noLimits));
    expect(r.mfa).toMatchObject({ value: true, source: { level: 'trust' }, settable: false, locked: false });
    const s = byKey(resolveSettings([trust(), site()], noLimits));
    expect(s.mfa.settable).toBe(true);
  });

  it('never lets retention exceed the trust limit, and falls back to the limit when no one set it', () => {
    const limits = { audio_retention_days: 90, transcript_retention_days: null };
    const r = byKey(resolveSettings([trust(), site({ audio_retention_days: v(400) }), dept({ audio_retention_days: v(30) })], limits));
    expect(r.audio_retention_days).toMatchObject({ value: 30, source: { level: 'department' } });
    const over = byKey(resolveSettings([trust(), site({ audio_retention_days: v(400) })], limits));
    expect(over.audio_retention_days.value).toBe(90);
    const unset = byKey(resolveSettings([trust(), site()], limits));
    expect(unset.audio_retention_days).toMatchObject({ value: 90, source_text: 'from Demo NHS Foundation Trust' });
    expect(unset.transcript_retention_days).toMatchObject({ value: null, source_text: 'default' });
    expect(byKey(resolveSettings([trust(), site()], limits)).audio_retention_days.settable).toBe(true);
    expect(byKey(resolveSettings([trust()], limits)).audio_retention_days.settable).toBe(false);
  });

  it('ignores columns with fewer than 5 and speakers outside 1–8, as if not held', () => {
    const r = byKey(
      resolveSettings(
        [
          trust({ columns: v(FIVE) }),
          site({ number_of_speakers: v(3) }),
          user({ columns: v(['author', 'status']), number_of_speakers: v(9) }),
        ],
        noLimits,
      ),
    );
    expect(r.columns).toMatchObject({ value: FIVE, source: { level: 'trust' } });
    expect(r.number_of_speakers).toMatchObject({ value: 3, source: { level: 'site' } });
  });

  it('an invalid locked value above is not a lock', () => {
    const r = byKey(resolveSettings([trust({ columns: v(['author'], true) }), user({ columns: v(FIVE) })], noLimits));
    expect(r.columns).toMatchObject({ value: FIVE, locked: false });
  });
});

describe('settings inheritance: value rules', () => {
  it('columns: at least 5 known columns, in words of spec §5', () => {
    expect(checkSettingValue('columns', ['author', 'status'])).toEqual({ ok: false, message: 'Select a minimum of 5 columns to display.' });
    expect(checkSettingValue('columns', FIVE).ok).toBe(true);
  });

  it('number of speakers: a single digit from 1 to 8 (spec §5)', () => {
    for (const ok of [1, 8, '1', '8']) expect(checkSettingValue('number_of_speakers', ok)).toMatchObject({ ok: true });
    expect(checkSettingValue('number_of_speakers', '4')).toEqual({ ok: true, value: 4 });
    for (const bad of [0, 9, 2.5, '09', '10', '0', ' 3', 'x', null])
      expect(checkSettingValue('number_of_speakers', bad)).toEqual({ ok: false, message: 'Enter a single digit from 1 to 8.' });
  });

  it('auto-rewind 0 to 10 seconds; retention whole days 1 to 36500; e-mail all three choices', () => {
    expect(checkSettingValue('auto_rewind_seconds', 11).ok).toBe(false);
    expect(checkSettingValue('auto_rewind_seconds', 0).ok).toBe(true);
    expect(checkSettingValue('audio_retention_days', 0).ok).toBe(false);
    expect(checkSettingValue('audio_retention_days', 30).ok).toBe(true);
    expect(checkSettingValue('email_notifications', { sent: true }).ok).toBe(false);
    expect(checkSettingValue('footpedal_mode', 'pro').ok).toBe(false);
  });
});

describe('settings inheritance: the profile as the user level', () => {
  it('reads the user level from preferences.profile and writes effective values back into it', () => {
    const held = userHeldValues({
      footpedal_mode: 'advanced',
      scribe_assist: { number_of_speakers: 3 },
      email_notifications: { sent: true },
    });
    expect(held).toEqual({
      footpedal_mode: { value: 'advanced', locked: false },
      number_of_speakers: { value: 3, locked: false },
      email_notifications: { value: { sent: true, author_approval: false, new_task: false }, locked: false },
    });
    const resolved = resolveSettings([trust({ auto_rewind_seconds: v(5, true) }), user(held)], noLimits);
    const profile = withEffectiveValues({ status: 'SENT' as const, footpedal_mode: 'basic' as const }, resolved);
    expect(profile).toMatchObject({
      status: 'SENT',
      footpedal_mode: 'advanced',
      auto_rewind_seconds: 5,
      scribe_assist: { number_of_speakers: 3 },
    });
  });

  it('names the settings a profile update touches', () => {
    expect(profileUpdateValues({ scribe_assist: { number_of_speakers: 4 }, footpedal_mode: 'basic' })).toEqual({
      number_of_speakers: 4,
      footpedal_mode: 'basic',
    });
  });
});
