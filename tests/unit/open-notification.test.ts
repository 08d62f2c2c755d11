import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../src/domain/contract';
import { HttpError } from '../../src/lib/api/errors';

const apiCall = vi.fn();
vi.mock('../../src/lib/api/client', () => ({ apiCall: (...args: unknown[]) => apiCall(...args) }));
const { openNotification } = await import('../../src/features/notifications/api/open-notification');

const author = { id: 7, roles: ['Author'] as const };
const approval = (read_at: string | null): NotificationItem => ({
  id: 1,
  title: 'Letter waiting for approval',
  body: 'A letter is waiting for your approval',
  read_at,
  created_at: '2026-11-27T10:00:00.000Z',
  dictation_status_identifier: 'author_approval',
  dictation: { id: 42, urgent: false },
});

describe('opening a notification (spec §4)', () => {
  beforeEach(() => {
    apiCall.mockReset();
  });

  it('a letter still waiting for approval opens it and marks the notification read', async () => {
    apiCall.mockResolvedValue({ data: { id: 42, status: 'AUTHOR_APPROVAL', assigned_to: null } });
    const markRead = vi.fn(async () => {});
    expect(await openNotification(author, approval(null), markRead)).toEqual({ to: 'dictation', id: 42 });
    expect(markRead).toHaveBeenCalledTimes(1);
  });

  it('a dictation gone since (404) still marks the notification read, and the error reaches the caller', async () => {
    apiCall.mockImplementation(async () => {
      throw new HttpError(404, 'That dictation was not found.', 'not_found');
    });
    const markRead = vi.fn(async () => {});
    const err = await openNotification(author, approval(null), markRead).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).message).toBe('That dictation was not found.');
    expect(markRead).toHaveBeenCalledTimes(1);
  });

  it('an error other than 404 leaves the notification unread, to try again', async () => {
    apiCall.mockImplementation(async () => {
      throw new HttpError(0, 'You are offline.', undefined);
    });
    const markRead = vi.fn(async () => {});
    const err = await openNotification(author, approval(null), markRead).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).message).toBe('You are offline.');
    expect(markRead).not.toHaveBeenCalled();
  });
});
