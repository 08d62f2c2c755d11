import { describe, expect, it } from 'vitest';
import { AUTO_REWIND_DEFAULT_SECONDS, autoRewindSeconds, resumePosition } from '../../src/domain/auto-rewind';
import { profilePreferencesSchema } from '../../src/domain/contract';

describe('auto-rewind preference', () => {
  it('defaults to 2 seconds when unset', () => {
    expect(AUTO_REWIND_DEFAULT_SECONDS).toBe(2);
    expect(autoRewindSeconds(undefined)).toBe(2);
    expect(autoRewindSeconds(null)).toBe(2);
  });
  it('keeps 0 (off) and clamps to 0–10', () => {
    expect(autoRewindSeconds(0)).toBe(0);
    expect(autoRewindSeconds(5)).toBe(5);
    expect(autoRewindSeconds(-3)).toBe(0);
    expect(autoRewindSeconds(60)).toBe(10);
    expect(autoRewindSeconds(Number.NaN)).toBe(2);
  });
  it('the profile accepts whole seconds 0–10 and refuses anything else', () => {
    expect(profilePreferencesSchema.safeParse({ auto_rewind_seconds: 0 }).success).toBe(true);
    expect(profilePreferencesSchema.safeParse({ auto_rewind_seconds: 10 }).success).toBe(true);
    expect(profilePreferencesSchema.safeParse({ auto_rewind_seconds: 11 }).success).toBe(false);
    expect(profilePreferencesSchema.safeParse({ auto_rewind_seconds: -1 }).success).toBe(false);
    expect(profilePreferencesSchema.safeParse({ auto_rewind_seconds: 1.5 }).success).toBe(false);
    expect(profilePreferencesSchema.safeParse({ auto_rewind_seconds: '2' }).success).toBe(false);
  });
});

describe('where playback resumes', () => {
  it('goes back the set seconds from where it was paused', () => {
    expect(resumePosition({ current: 30, pausedAt: 30, seconds: 2 })).toBe(28);
  });
  it('never goes before the start', () => {
    expect(resumePosition({ current: 1.2, pausedAt: 1.2, seconds: 2 })).toBe(0);
  });
  it('0 seconds turns it off', () => {
    expect(resumePosition({ current: 30, pausedAt: 30, seconds: 0 })).toBe(30);
  });
  it('the first play (nothing paused yet) starts where the position is', () => {
    expect(resumePosition({ current: 0, pausedAt: null, seconds: 2 })).toBe(0);
  });
  it('a position moved while paused (seek, arrows, pedal rewind) is played as chosen', () => {
    expect(resumePosition({ current: 12, pausedAt: 30, seconds: 2 })).toBe(12);
    expect(resumePosition({ current: 33, pausedAt: 30, seconds: 2 })).toBe(33);
  });
  it('how long the pause lasted does not matter: the same input gives the same answer', () => {
    // No clock is an input: a 1-second and a 10-minute pause resume at the same place.
    expect(resumePosition({ current: 45.5, pausedAt: 45.5, seconds: 3 })).toBe(42.5);
  });
});
