import { describe, expect, it } from 'vitest';
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from '../../src/domain/bank-holidays';
import { isWorkingDay, turnaround, workingDaysBetween } from '../../src/domain/tat';
import { DEFAULT_LIST_COLUMNS, checkColumnChoice, columnsToShow } from '../../src/domain/list-columns';

const at = (iso: string) => new Date(iso);

describe('TAT in working days (England and Wales)', () => {
  it('weekends and bank holidays are not working days', () => {
    expect(isWorkingDay('2026-11-20')).toBe(true); // Friday
    expect(isWorkingDay('2026-11-21')).toBe(false); // Saturday
    expect(isWorkingDay('2026-12-25')).toBe(false);
    expect(isWorkingDay('2026-12-28')).toBe(false); // Boxing Day substitute
    expect(isWorkingDay('2026-12-29')).toBe(true);
  });
  it('counts working days after the day of creation', () => {
    expect(workingDaysBetween(at('2026-11-20T09:00:00Z'), at('2026-11-20T17:00:00Z'))).toBe(0);
    expect(workingDaysBetween(at('2026-11-20T09:00:00Z'), at('2026-11-23T08:00:00Z'))).toBe(1); // Fri → Mon
    expect(workingDaysBetween(at('2026-12-23T10:00:00Z'), at('2026-12-30T10:00:00Z'))).toBe(3); // 24, 29, 30
    expect(workingDaysBetween(at('2026-11-23T10:00:00Z'), at('2026-11-20T10:00:00Z'))).toBe(0);
  });
  it('uses the trust time zone: 23:30 UTC in summer is already the next day in London', () => {
    expect(workingDaysBetween(at('2026-07-06T23:30:00Z'), at('2026-07-07T12:00:00Z'))).toBe(0);
    expect(workingDaysBetween(at('2026-07-06T22:30:00Z'), at('2026-07-07T12:00:00Z'))).toBe(1);
  });
  it('standard and urgent targets, in words', () => {
    const created = at('2026-11-09T10:00:00Z'); // Monday
    expect(turnaround({ createdAt: created, now: at('2026-11-12T10:00:00Z'), urgent: false })).toMatchObject({
      days: 3,
      target: 7,
      state: 'on_time',
      text: '3 of 7 days',
    });
    expect(turnaround({ createdAt: created, now: at('2026-11-18T10:00:00Z'), urgent: false }).state).toBe('due_today');
    expect(turnaround({ createdAt: created, now: at('2026-11-20T10:00:00Z'), urgent: false })).toMatchObject({
      state: 'overdue',
      text: '2 days overdue',
    });
    expect(turnaround({ createdAt: created, now: at('2026-11-12T10:00:00Z'), urgent: true })).toMatchObject({
      state: 'overdue',
      text: '1 day overdue',
    });
    expect(
      turnaround({ createdAt: created, now: at('2026-11-12T10:00:00Z'), urgent: false, targets: { standard: 3, urgent: 1 } }).state,
    ).toBe('due_today');
  });
  it('the bank holiday list covers next year (keep it current)', () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((d) => d.startsWith(`${nextYear}-`)).length).toBeGreaterThanOrEqual(8);
  });
});

describe('column choice (spec §5)', () => {
  it('refuses fewer than five with the spec text', () => {
    expect(checkColumnChoice(['author', 'status', 'reference', 'tat'])).toEqual({
      ok: false,
      message: 'Select a minimum of 5 columns to display.',
    });
    expect(checkColumnChoice(['author', 'status', 'reference', 'tat', 'tat', 'nonsense']).ok).toBe(false);
  });
  it('accepts five known columns, dropping unknown ones', () => {
    expect(checkColumnChoice(['author', 'status', 'reference', 'tat', 'NHS_number', 'x'])).toEqual({
      ok: true,
      columns: ['author', 'status', 'reference', 'tat', 'NHS_number'],
    });
  });
  it('falls back to the default set', () => {
    expect(columnsToShow(undefined)).toEqual(DEFAULT_LIST_COLUMNS);
    expect(columnsToShow(['author'])).toEqual(DEFAULT_LIST_COLUMNS);
    expect(DEFAULT_LIST_COLUMNS).toHaveLength(6);
  });
});
