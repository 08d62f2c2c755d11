import type { NotificationItem } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { notificationAction } from '../../domain/click-rules';
import type { Role } from '../../domain/roles';
import type { HomeTab } from '../../domain/statuses';
import { apiCall } from '../../lib/api/client';
import { HttpError } from '../../lib/api/errors';

export type NotificationTarget = { to: 'dictation'; id: number } | { to: 'home'; tab: HomeTab } | null;

/**
 * Opening a notification (spec §4), from the panel or a push: the dictation's current status and
 * assignment are fetched first, then `markRead` marks it read (only if it is unread), and the click rule
 * decides where to go. Null for a notification about no dictation. Errors are the caller's to show; a
 * dictation gone since (deleted, or no longer the user's to see: 404) still marks the notification read,
 * else it would stay unread, and on the badge, for ever.
 */
export async function openNotification(
  me: { id: number; roles: readonly Role[] },
  n: NotificationItem,
  markRead: () => Promise<unknown>,
): Promise<NotificationTarget> {
  const current = n.dictation
    ? (
        await apiCall(E.dictationGet, { params: { id: n.dictation.id }, quiet: true }).catch(async (err: unknown) => {
          if (err instanceof HttpError && err.status === 404 && !n.read_at) await markRead();
          throw err;
        })
      ).data
    : null;
  if (!n.read_at) await markRead();
  if (!current) return null;
  const action = notificationAction({ roles: me.roles, userId: me.id }, n.dictation_status_identifier, {
    status: current.status,
    assignedTo: current.assigned_to?.user_id ?? null,
  });
  return action.kind === 'open_dictation' ? { to: 'dictation', id: current.id } : { to: 'home', tab: action.tab };
}
