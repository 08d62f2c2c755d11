import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { AppDialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { MESSAGES } from '../../domain/messages';
import type { Role } from '../../domain/roles';
import { HttpError } from '../../lib/api/errors';
import { useAuthors, useMarkAllRead, useNotificationPages, type NotificationFilters } from './api/notifications';
import { NotificationRow } from './notification-row';
import { useNotificationClick } from './use-notification-click';

export interface NotificationsPanelProps {
  /** `clinicianFilter`: the user may filter by clinician and ask for the authors list (outsourced-calls.ts `mayCall`). */
  me: { id: number; roles: readonly Role[]; siteId: number; clinicianFilter: boolean };
  onClose: () => void;
}

const FIELD = 'min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-600 dark:bg-slate-900';

/**
 * The notifications panel (spec §2): filters by clinic code, clinician (Secretary and Manager) and
 * urgency; mark all as read (every loaded id, spec §5); infinite scroll with an end message; up, down
 * and Enter move through and open the notifications.
 */
export default function NotificationsPanel({ me, onClose }: NotificationsPanelProps) {
  const marking = useMarkAllRead();
  const clinicianFilter = me.clinicianFilter;
  const [filters, setFilters] = useState<NotificationFilters>({ clinicCode: '', clinician: null, urgent: 'all' });
  const [clinicDraft, setClinicDraft] = useState('');
  const pages = useNotificationPages(filters);
  const authors = useAuthors(clinicianFilter, me.siteId);
  const items = useMemo(() => pages.data?.pages.flatMap((p) => p.data) ?? [], [pages.data]);
  const open = useNotificationClick(me, onClose);
  const listRef = useRef<HTMLUListElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  // Clinic code filter applies a moment after typing stops.
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.clinicCode === clinicDraft ? f : { ...f, clinicCode: clinicDraft })), 400);
    return () => clearTimeout(timer);
  }, [clinicDraft]);

  // The next page loads when the end of the list scrolls into view.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    const el = endRef.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, items.length]);

  async function markAll() {
    // Spec §5: every loaded id, read ones too (the server takes at most 500 a call).
    const ids = items.map((n) => n.id);
    if (!ids.length) return;
    try {
      toast.success(await marking.mutateAsync(ids));
    } catch (err) {
      toast.warning(err instanceof HttpError ? err.message : MESSAGES.errorFetching);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-notification]') ?? [])];
    if (!buttons.length) return;
    e.preventDefault();
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'ArrowDown' ? Math.min(buttons.length - 1, at + 1) : Math.max(0, at - 1);
    buttons[next]!.focus();
  }

  const unreadLoaded = items.some((n) => !n.read_at);
  return (
    <AppDialog open title="Notifications" onOpenChange={(o) => !o && onClose()}>
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <label className="flex min-w-32 flex-1 flex-col gap-1 text-sm">
          Clinic code
          <input className={FIELD} value={clinicDraft} onChange={(e) => setClinicDraft(e.target.value)} maxLength={50} />
        </label>
        {clinicianFilter && (
          <label className="flex min-w-40 flex-1 flex-col gap-1 text-sm">
            Clinician
            <select
              className={FIELD}
              value={filters.clinician ?? ''}
              onChange={(e) => setFilters((f) => ({ ...f, clinician: e.target.value ? Number(e.target.value) : null }))}
            >
              <option value="">All clinicians</option>
              {(authors.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.full_name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex min-w-32 flex-col gap-1 text-sm">
          Urgency
          <select
            className={FIELD}
            value={filters.urgent}
            onChange={(e) => setFilters((f) => ({ ...f, urgent: e.target.value as NotificationFilters['urgent'] }))}
          >
            <option value="all">All</option>
            <option value="true">Urgent</option>
            <option value="false">Not urgent</option>
          </select>
        </label>
      </div>
      <div className="mb-2 flex justify-end">
        <Button tone="secondary" isDisabled={!unreadLoaded} onPress={() => void markAll()}>
          Mark all as read
        </Button>
      </div>
      {pages.isError ? (
        <p role="alert" className="py-4 text-sm">
          {pages.error instanceof HttpError ? pages.error.message : MESSAGES.errorFetching}
        </p>
      ) : (
        <ul ref={listRef} aria-label="Notifications" className="flex flex-col gap-1" onKeyDown={onKeyDown}>
          {items.map((n) => (
            <li key={n.id}>
              <NotificationRow n={n} onOpen={() => void open(n)} />
            </li>
          ))}
        </ul>
      )}
      <div ref={endRef} className="py-3 text-center text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {pages.isPending || isFetchingNextPage
          ? 'Loading…'
          : pages.isSuccess && !hasNextPage
            ? items.length
              ? 'You’re all caught up.'
              : 'No notifications.'
            : null}
      </div>
    </AppDialog>
  );
}
