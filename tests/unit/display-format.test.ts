import { describe, expect, it } from 'vitest';
import { formatBirthDate, formatDateTime, formatDuration, formatPatientName, formatHours } from '../../src/domain/display-format';

describe('list display formats', () => {
  it('durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65_400)).toBe('1:05');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('–');
  });
  it('dates en-GB in the trust time zone', () => {
    expect(formatDateTime('2026-11-22T14:05:00Z')).toBe('22-Nov-2026 14:05');
    expect(formatDateTime('2026-07-01T23:30:00Z')).toBe('02-Jul-2026 00:30'); // BST
    expect(formatBirthDate('1950-11-02')).toBe('02-Nov-1950');
    expect(formatBirthDate('not a date')).toBe('');
  });
  it('patient names SURNAME, First', () => {
    expect(formatPatientName('Margaret', 'Smith')).toBe('SMITH, Margaret');
    expect(formatPatientName('', 'smith')).toBe('SMITH');
    expect(formatPatientName('Ada', undefined)).toBe('Ada');
  });
});

describe('formatHours (issue 23: "waiting 341 hours" reads "14 days")', () => {
  it('says hours under two days', () => {
    expect(formatHours(0)).toBe('0 hours');
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(47)).toBe('47 hours');
    expect(formatHours(47.9)).toBe('47 hours');
  });

  it('says whole days from 48 hours on', () => {
    expect(formatHours(48)).toBe('2 days');
    expect(formatHours(71)).toBe('2 days');
    expect(formatHours(168)).toBe('7 days');
    expect(formatHours(341)).toBe('14 days');
  });

  it('never says a negative wait', () => {
    expect(formatHours(-3)).toBe('0 hours');
  });
});
