/**
 * The notification bell (spec §2, §6: Author, Secretary, Manager) with the unread badge, polled and
 * refreshed on focus, and mirrored on the app's icon badge. The panel's code loads when it is first
 * opened, never with the entry bundle.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Bell } from 'lucide-react';
import { satisfies, RULES, type AccessSubject } from '../../domain/access';
import { mayCall } from '../../domain/outsourced-calls';
import { E } from '../../domain/contract/endpoints';
import type { Role } from '../../domain/roles';
import { showAppBadge } from '../../lib/app-badge';
import { useUnreadCount } from './api/notifications';
import type { NotificationsPanelProps } from './notifications-panel';

export { EmailNotificationPreferences } from './email-preferences';

const Panel = lazy<ComponentType<NotificationsPanelProps>>(() => import('./notifications-panel'));

export function NotificationBell({
  subject,
  profile,
}: {
  subject: AccessSubject;
  profile: { id: number; site_id: number; roles: { name: Role }[] };
}) {
  const allowed = satisfies(subject, RULES.notificationBell);
  const count = useUnreadCount(allowed);
  const [open, setOpen] = useState(false);
  // Each count the page learns (first fetch, poll, focus, live refresh, after marking read) goes to the app badge.
  useEffect(() => {
    if (count.data !== undefined) showAppBadge(count.data);
  }, [count.data]);
  if (!allowed) return null;
  const n = count.data ?? 0;
  // A refused or failed count is said (issue 23), never shown as "nothing unread".
  const label = count.isError ? 'Notifications, the unread count could not be loaded' : n ? `Notifications, ${n} unread` : 'Notifications';
  // The clinician filter needs the authors list (spec §6: Secretary and Manager), which an external typist may not ask for.
  const clinicianFilter = mayCall(subject, RULES.clinicianFilter, `${E.users.method} ${E.users.path}`);
  return (
    <>
      <button
        type="button"
        aria-label={label}
        title={count.isError ? 'Notifications: the unread count could not be loaded' : 'Notifications'}
        onClick={() => setOpen(true)}
        className="relative flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Bell aria-hidden className="size-5" />
        {count.isError && (
          <span
            aria-hidden
            className="absolute top-1 right-0.5 min-w-5 rounded-full bg-amber-500 px-1 text-center text-xs leading-5 font-bold text-slate-950"
          >
            ?
          </span>
        )}
        {n > 0 && (
          <span
            data-testid="notification-badge"
            aria-hidden
            className="absolute top-1 right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {n > 99 ? '99+' : n}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Panel
            me={{ id: profile.id, siteId: profile.site_id, roles: profile.roles.map((r) => r.name), clinicianFilter }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
