import type { NotificationItem } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { notificationAction } from '../../../domain/click-rules';
import type { Role } from '../../../domain/roles';
import type { HomeTab } from '../../../domain/statuses';
import { apiCall } from '../../../lib/api/client';
import { HttpError } from '../../../lib/api/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys';
import { findNotification, markRead, readPush } from './notifications';

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

type Me = { id: number; roles: readonly Role[] };

/** Opening a notification from the panel (spec §4, see openNotification); the bell refreshes afterwards. */
export function useOpenNotification(me: Me) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (n: NotificationItem): Promise<NotificationTarget> => openNotification(me, n, () => markRead([n.id])),
    onSettled: () => void queries.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/**
 * Opening the notification a push was about (its click): looked up among the newest, then opened as from
 * the panel with the push acknowledgement (spec §7) or mark_as_read when it is about no dictation. Null
 * when it is not found or about no dictation. The bell refreshes afterwards.
 */
export function useOpenPushed(me: Me | null) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (notificationId: number): Promise<NotificationTarget> => {
      const n = me && (await findNotification(notificationId));
      return n ? openNotification(me, n, () => (n.dictation ? readPush(n.dictation.id) : markRead([n.id]))) : null;
    },
    onSettled: () => void queries.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
