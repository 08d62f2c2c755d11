import { sharedKeys } from '../../../lib/api/query-keys';

export interface NotificationFilters {
  clinicCode: string;
  clinician: number | null;
  urgent: 'all' | 'true' | 'false';
}

/** The bell's query keys, one factory (issue 24 point 5): a change to any notification refreshes `all`. */
export const notificationKeys = {
  all: sharedKeys.notifications,
  count: [...sharedKeys.notifications, 'count'] as const,
  list: (filters: NotificationFilters) => [...sharedKeys.notifications, 'list', filters] as const,
  authors: (siteId: number) => ['authors', siteId] as const,
};
