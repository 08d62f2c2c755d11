import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/auth/use-session';
import { findNotification, markRead, readPush } from './notifications-api';
import { openNotification } from './open-notification';
import { useGoToTarget, warnOpenFailed } from './use-notification-click';

/**
 * Where a push's click lands (`/notification/<id>`, PITFALLS 19): the same rule as the panel (spec §4).
 * The notification is looked up, the dictation's status and assignment fetched, an unread one marked
 * read (the push acknowledgement, spec §7, or mark_as_read when it is about no dictation), then the
 * dictation page or Home on the status tab. Not found, about no dictation or failed: Home.
 */
export function PushOpen({ notificationId }: { notificationId: number }) {
  const { profile } = useSession();
  const goTo = useGoToTarget();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (!profile || started.current) return;
    started.current = true;
    const me = { id: profile.id, roles: profile.roles.map((r) => r.name) };
    void (async () => {
      try {
        const n = await findNotification(notificationId);
        const target = n && (await openNotification(me, n, () => (n.dictation ? readPush(n.dictation.id) : markRead([n.id]))));
        if (target) return void goTo(target, true);
      } catch (err) {
        warnOpenFailed(err);
      } finally {
        void queries.invalidateQueries({ queryKey: ['notifications'] });
      }
      void navigate({ href: '/', replace: true });
    })();
  }, [profile, notificationId, goTo, navigate, queries]);

  return (
    <p role="status" className="p-6 text-sm">
      Opening the notification…
    </p>
  );
}
