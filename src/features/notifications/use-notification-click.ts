import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { NotificationItem } from '../../domain/contract';
import { MESSAGES } from '../../domain/messages';
import type { Role } from '../../domain/roles';
import { HttpError } from '../../lib/api/errors';
import { useOpenNotification, type NotificationTarget } from './api/open-notification';

export const warnOpenFailed = (err: unknown) => toast.warning(err instanceof HttpError ? err.message : MESSAGES.errorFetching);

/** Where a resolved notification leads: the dictation page or Home on a status tab. */
export function useGoToTarget() {
  const navigate = useNavigate();
  return (target: Exclude<NotificationTarget, null>, replace = false) =>
    target.to === 'dictation'
      ? navigate({ to: '/dictation/$id', params: { id: String(target.id) }, replace })
      : navigate({ to: '/{-$tab}', params: { tab: target.tab }, replace });
}

/**
 * Clicking a notification in the panel (spec §4, see openNotification). A failure shows the server's
 * message as a warning (spec §8) and the panel stays open.
 */
export function useNotificationClick(me: { id: number; roles: readonly Role[] }, onLeave: () => void) {
  const goTo = useGoToTarget();
  const opening = useOpenNotification(me);
  return async (n: NotificationItem) => {
    let target: NotificationTarget;
    try {
      target = await opening.mutateAsync(n);
    } catch (err) {
      warnOpenFailed(err);
      return;
    }
    if (!target) return;
    onLeave();
    void goTo(target);
  };
}
