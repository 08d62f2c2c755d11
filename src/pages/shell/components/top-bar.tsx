import { useCallback, type RefObject } from 'react';
import { Link } from '@tanstack/react-router';
import { satisfies, RULES, type AccessSubject, type NavItem } from '../../../domain/access';
import type { UserProfile } from '../../../domain/contract';
import { APP_TITLE } from '../../../lib/variant';
import { initials, NAV_LABELS, navHref } from '../nav-links';
import { NAV_ICONS } from './nav-icon';
import { SearchBox } from './search-box';
import { canSearch } from '../can-search';
import { SyncStatus } from '../../../features/sync';
import { NotificationBell } from '../../../features/notifications';

interface Props {
  profile: UserProfile;
  subject: AccessSubject;
  items: readonly NavItem[];
  searchRef: RefObject<HTMLInputElement | null>;
  onSearch: (term: string) => void;
  onLogout: () => void;
}

const ITEM =
  'flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

export function TopBar({ profile, subject, items, searchRef, onSearch, onLogout }: Props) {
  return (
    <header
      ref={useTopBarHeight()}
      className="sticky top-0 z-30 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 sm:flex-nowrap sm:px-4">
        <span className="shrink-0 text-lg font-bold tracking-tight text-brand-700 dark:text-emerald-400">{APP_TITLE}</span>
        {canSearch(subject) && (
          <div className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
            <SearchBox ref={searchRef} onSubmit={onSearch} />
          </div>
        )}
        {/* Sync, bell and name share the first line with the title: on a phone the name is cut short
            rather than wrapped onto a line of its own (issue 23). */}
        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-x-3 sm:flex-none">
          {satisfies(subject, RULES.createDictation) && <SyncStatus />}
          <NotificationBell subject={subject} profile={profile} />
          <span
            className="min-w-0 truncate text-sm font-medium text-slate-700 dark:text-slate-200"
            data-testid="user-full-name"
            title={profile.full_name}
          >
            {profile.full_name}
          </span>
        </div>
      </div>
      <nav aria-label="Main" className="flex items-center gap-1 overflow-x-auto px-2 pb-1 sm:px-3">
        {items.map((item) => {
          const label = NAV_LABELS[item];
          if (item === 'logout') {
            return (
              <button key={item} type="button" className={ITEM} onClick={onLogout} aria-label={label} title={`${label} (Ctrl+L)`}>
                <NAV_ICONS.logout aria-hidden className="size-5" />
              </button>
            );
          }
          const href = navHref(item, subject, profile);
          const content =
            item === 'profile' ? (
              <span
                aria-hidden
                className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white dark:bg-emerald-600"
              >
                {initials(profile.full_name)}
              </span>
            ) : (
              (() => {
                const Icon = NAV_ICONS[item];
                return <Icon aria-hidden className="size-5" />;
              })()
            );
          if (item === 'support' && !href.startsWith('/')) {
            return (
              <a key={item} href={href} target="_blank" rel="noreferrer" className={ITEM} aria-label={label} title={label}>
                {content}
              </a>
            );
          }
          return (
            <Link
              key={item}
              to={href}
              className={ITEM}
              aria-label={label}
              title={label}
              activeProps={{ className: 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-emerald-400', 'aria-current': 'page' }}
            >
              {content}
            </Link>
          );
        })}
      </nav>
    </header>
  );
}

/** Publishes the bar's height as --topbar-h, so a page's own sticky parts (the dictation player) sit just below it. */
function useTopBarHeight() {
  return useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--topbar-h', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
}
