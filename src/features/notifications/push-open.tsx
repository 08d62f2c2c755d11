import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '../../lib/auth/use-session';
import { useOpenPushed } from './api/open-notification';
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
  const started = useRef(false);
  const me = profile ? { id: profile.id, roles: profile.roles.map((r) => r.name) } : null;
  const { mutateAsync: openPushed } = useOpenPushed(me);

  useEffect(() => {
    if (!profile || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const target = await openPushed(notificationId);
        if (target) return void goTo(target, true);
      } catch (err) {
        warnOpenFailed(err);
      }
      void navigate({ href: '/', replace: true });
    })();
  }, [profile, notificationId, goTo, navigate, openPushed]);

  return (
    <p role="status" className="p-6 text-sm">
      Opening the notification…
    </p>
  );
}
