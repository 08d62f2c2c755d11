import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/lib/api/errors';

const apiCall = vi.fn();
vi.mock('../../src/lib/api/client', () => ({ apiCall: (...args: unknown[]) => apiCall(...args), setAccessToken: () => {} }));

const { db } = await import('../../src/lib/db/db');
const { wipeLocalData } = await import('../../src/lib/auth/wipe');
const { getSecure, putSecure } = await import('../../src/lib/crypto/secure-store');
const { loadDictationOptions, parseSavedOptions, refreshDictationOptions, savedOptionsLabel } =
  await import('../../src/features/dictation-form/api/options-cache');

const OPTIONS = {
  departments: [{ id: 1, name: 'Cardiology', code: 'CAR' }],
  job_types: [{ id: 2, name: 'Clinic letter', department_id: 1, custom_fields: [] }],
  authors: [],
};
const offline = () => new HttpError(0, 'offline', undefined);

beforeEach(async () => {
  apiCall.mockReset();
  await wipeLocalData();
  await db.open();
});

describe('details form options kept on the device (issue 9 §3)', () => {
  it('a refresh after sign-in saves them, so the form offline later still has the services, with their age', async () => {
    apiCall.mockResolvedValueOnce({ data: OPTIONS });
    await refreshDictationOptions();

    apiCall.mockRejectedValueOnce(offline());
    const result = await loadDictationOptions();
    expect(result.options.departments).toEqual([{ id: 1, name: 'Cardiology', code: 'CAR' }]);
    expect(result.savedLabel).toMatch(/^Services and job types as of \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}, from this device's copy/);
  });

  it('from the server: fresh, no age shown', async () => {
    apiCall.mockResolvedValueOnce({ data: OPTIONS });
    expect(await loadDictationOptions()).toEqual({ options: OPTIONS, savedLabel: null });
  });

  it('offline with nothing saved, or a refusal from the server, is an error', async () => {
    apiCall.mockRejectedValueOnce(offline());
    await expect(loadDictationOptions()).rejects.toThrow();
    await putSecure('dictation_options', { saved_at: new Date().toISOString(), data: OPTIONS });
    apiCall.mockRejectedValueOnce(new HttpError(403, 'no', 'forbidden'));
    await expect(loadDictationOptions()).rejects.toThrow();
  });

  it('a failed refresh keeps the last copy', async () => {
    await putSecure('dictation_options', { saved_at: '2026-11-22T14:05:00Z', data: OPTIONS });
    apiCall.mockRejectedValueOnce(offline());
    await refreshDictationOptions();
    expect(parseSavedOptions(await getSecure('dictation_options'))).toEqual({ options: OPTIONS, savedAt: '2026-11-22T14:05:00Z' });
  });

  it('reads the bare copy an earlier version saved, without an age', () => {
    expect(parseSavedOptions(OPTIONS)).toEqual({ options: OPTIONS, savedAt: undefined });
    expect(parseSavedOptions({ nope: 1 })).toBeNull();
    expect(savedOptionsLabel(undefined)).toBe("Services and job types, from this device's copy: the server cannot be reached.");
    expect(savedOptionsLabel('2026-11-22T14:05:00Z')).toBe(
      "Services and job types as of 22-Nov-2026 14:05, from this device's copy: the server cannot be reached.",
    );
  });
});
