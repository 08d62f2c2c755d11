import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { API_PATHS, dictationSchema, type NotificationItem } from '../../domain/contract';
import { notificationAction } from '../../domain/click-rules';
import { MESSAGES } from '../../domain/messages';
import type { Role } from '../../domain/roles';
import { apiCall } from '../../lib/api/client';
import { ApiError } from '../../lib/api/errors';
import { markRead } from './notifications-api';

const dictationAnswer = z.object({ data: dictationSchema });
const warn = (err: unknown) => toast.warning(err instanceof ApiError ? err.message : MESSAGES.errorFetching);

/**
 * Clicking a notification (spec §4): the dictation's current status and assignment are fetched first,
 * an unread one is marked read, then the click rule opens the dictation page or goes Home on the
 * status's tab. A failure shows the server's message as a warning (spec §8).
 */
export function useNotificationClick(me: { id: number; roles: readonly Role[] }, onLeave: () => void) {
  const navigate = useNavigate();
  const queries = useQueryClient();
  return async (n: NotificationItem) => {
    let current: z.infer<typeof dictationSchema> | null = null;
    try {
      if (n.dictation)
        current = (await apiCall('get', API_PATHS.dictationById(n.dictation.id), { schema: dictationAnswer, quiet: true })).data;
      if (!n.read_at) await markRead([n.id]);
    } catch (err) {
      warn(err);
      return;
    } finally {
      void queries.invalidateQueries({ queryKey: ['notifications'] });
    }
    if (!current) return;
    const action = notificationAction({ roles: me.roles, userId: me.id }, n.dictation_status_identifier, {
      status: current.status,
      assignedTo: current.assigned_to?.user_id ?? null,
    });
    onLeave();
    if (action.kind === 'open_dictation') void navigate({ to: '/dictation/$id', params: { id: String(current.id) } });
    else void navigate({ to: '/{-$tab}', params: { tab: action.tab } });
  };
}
