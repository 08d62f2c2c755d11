import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem, NotificationQuery, UserSummary } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { AUTHORS_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE } from '../../../domain/limits';
import { apiCall } from '../../../lib/api/client';
import { notificationKeys, type NotificationFilters } from './keys';

/** How often the badge asks for the unread count while the app is open (live updates come later). */
export const BADGE_POLL_MS = 30_000;

export const unreadCountOptions = () =>
  queryOptions({
    queryKey: notificationKeys.count,
    refetchInterval: BADGE_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
    queryFn: async () => (await apiCall(E.notificationCount, { quiet: true })).data,
  });

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountOptions(), enabled });
}

export type { NotificationFilters } from './keys';

function toQuery(f: NotificationFilters, page: number): NotificationQuery {
  const q: NotificationQuery = { sort: 'desc', page: String(page), paginate: String(NOTIFICATIONS_PAGE_SIZE) };
  if (f.clinicCode.trim()) Object.assign(q, { search_key: 'clinic_code', search: f.clinicCode.trim() });
  if (f.clinician !== null) q.clinician = String(f.clinician);
  if (f.urgent !== 'all') q.urgent = f.urgent;
  return q;
}

/** The panel's pages, ten at a time, loaded as the list scrolls. */
export const notificationPagesOptions = (filters: NotificationFilters) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(filters),
    initialPageParam: 1,
    retry: false,
    queryFn: async ({ pageParam }) => (await apiCall(E.notifications, { query: toQuery(filters, pageParam) })).data,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export function useNotificationPages(filters: NotificationFilters) {
  return useInfiniteQuery(notificationPagesOptions(filters));
}

export async function markRead(ids: number[]): Promise<string> {
  return (
    await apiCall(E.notificationsMarkRead, {
      json: { notificationIds: ids },
      quiet: true,
    })
  ).message;
}

/** The push acknowledgement (spec §7): the server marks the caller's notifications about that dictation read. */
export async function readPush(dictationId: number): Promise<void> {
  await apiCall(E.notificationReadPush, {
    json: { dictation_id: dictationId },
    quiet: true,
  });
}

/** Pages looked through for a pushed notification: a push is about a recent one, so the first page holds it. */
const PUSHED_LOOKUP_PAGES = 3;

/** The notification a push was about, looked up among the newest (the API lists, it has no single-item call). */
export async function findNotification(id: number): Promise<NotificationItem | null> {
  for (let page = 1; page <= PUSHED_LOOKUP_PAGES; page++) {
    const { data } = await apiCall(E.notifications, {
      query: { sort: 'desc', page: String(page), paginate: '50' },
      quiet: true,
    });
    const found = data.data.find((n) => n.id === id);
    if (found) return found;
    if (data.current_page >= data.last_page) return null;
  }
  return null;
}

/** Pages of authors loaded at most (100 each): a guard against a server that never says last page. */
const AUTHORS_MAX_PAGES = 50;

/**
 * The authors list for the clinician filter (Secretary and Manager, spec §6): the user's site, 100 a
 * page as spec §7 asks, every page loaded so that authors beyond the first hundred can be chosen.
 */
export async function loadAuthors(siteId: number): Promise<UserSummary[]> {
  const authors: UserSummary[] = [];
  for (let page = 1; page <= AUTHORS_MAX_PAGES; page++) {
    const { users } = await apiCall(E.users, {
      query: { site_id: String(siteId), page: String(page), paginate: String(AUTHORS_PAGE_SIZE), filter_role: 'Author' },
      quiet: true,
    });
    authors.push(...users.data);
    if (users.current_page >= users.last_page || !users.data.length) break;
  }
  return authors;
}

export const authorsOptions = (siteId: number) =>
  queryOptions({ queryKey: notificationKeys.authors(siteId), staleTime: 5 * 60_000, queryFn: () => loadAuthors(siteId) });

export function useAuthors(enabled: boolean, siteId: number) {
  return useQuery({ ...authorsOptions(siteId), enabled });
}

/** The most ids one mark_as_read call takes (markAsReadSchema). */
const MARK_READ_MAX = 500;

/**
 * Mark all as read (spec §5): every id given, read ones too, at most 500 a call; answers the server's
 * message. The bell refreshes whether it worked or not.
 */
export function useMarkAllRead() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      let message = '';
      for (let at = 0; at < ids.length; at += MARK_READ_MAX) message = await markRead(ids.slice(at, at + MARK_READ_MAX));
      return message;
    },
    onSettled: () => void queries.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
