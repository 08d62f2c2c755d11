import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { visibleNavItems, type AccessSubject, type NavItem } from '../../../domain/access';
import type { UserProfile } from '../../../domain/contract';
import { MESSAGES } from '../../../domain/messages';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { session } from '../../../lib/auth/session';
import { useOnline } from '../../../lib/use-online';
import { variant } from '../../../lib/variant';
import { navHref } from '../nav-links';
import { useGlobalShortcuts } from '../use-global-shortcuts';
import { canSearch as searchAllowed } from '../can-search';
import { TopBar } from './top-bar';
import { RecordingTabBar } from '../../../features/recording';
import { FindDocument } from '../../../features/find-document';
import { DictationPanel } from '../../dictation-panel';
import { PushNotifications } from '../../../features/push';
import { useLiveUpdates } from '../../../features/live';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../lib/db/db';

interface Props {
  profile: UserProfile;
  subject: AccessSubject;
  offline: boolean;
  children: ReactNode;
}

export function MainLayout({ profile, subject, offline, children }: Props) {
  const navigate = useNavigate();
  const online = useOnline();
  const searchRef = useRef<HTMLInputElement>(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  /** The find-document panel: closed (null), opened by Ctrl+K (term null) or by the top-bar search. */
  const [finding, setFinding] = useState<{ term: string | null } | null>(null);
  const canSearch = searchAllowed(subject);
  const items = useMemo(() => visibleNavItems(subject, variant), [subject]);

  const go = useCallback(
    (item: Exclude<NavItem, 'logout'>) => {
      const href = navHref(item, subject, profile);
      if (href.startsWith('/')) void navigate({ href });
      else window.open(href, '_blank', 'noopener');
    },
    [navigate, subject, profile],
  );
  const actions = useMemo(
    () => ({
      go,
      logout: () => setConfirmLogout(true),
      recordTab: (n: number) => void navigate({ href: `/record/${n}` }),
      findDocument: () => canSearch && setFinding((f) => f ?? { term: null }),
    }),
    [go, navigate, canSearch],
  );
  useGlobalShortcuts(items, actions);
  useLiveUpdates(profile.id);
  const unsent = useLiveQuery(() => db.outbox.count(), []) ?? 0;

  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar
        profile={profile}
        subject={subject}
        items={items}
        searchRef={searchRef}
        onSearch={(term) => setFinding({ term })}
        onLogout={() => setConfirmLogout(true)}
      />
      {items.includes('record') && <RecordingTabBar />}
      {(offline || !online) && (
        // One offline banner (issue 23): a page that says itself what it shows offline ("offline — last
        // synced 14:05", marked data-offline-notice) takes the place of this one.
        <div
          role="status"
          className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900 dark:bg-amber-900 dark:text-amber-100 [body:has([data-offline-notice])_&]:hidden"
        >
          {MESSAGES.offline}
        </div>
      )}
      <PushNotifications subject={subject} userId={profile.id} />
      <main className="flex-1">{children}</main>
      {finding && (
        <FindDocument
          term={finding.term}
          me={{ id: profile.id, roles: subject.roles, permissions: subject.permissions }}
          onClose={() => setFinding(null)}
          detailsPanel={(d, close) => <DictationPanel dictationId={d.id} assignee={d.assignee} onClose={close} />}
        />
      )}
      <ConfirmDialog
        open={confirmLogout}
        title={MESSAGES.logoutConfirm}
        body={
          unsent
            ? `${unsent} recording${unsent === 1 ? ' has' : 's have'} not reached the server yet. Logging out deletes ${unsent === 1 ? 'it' : 'them'} from this device: stay signed in until ${unsent === 1 ? 'it is' : 'they are'} sent.`
            : undefined
        }
        confirmLabel="Log out"
        destructive={unsent > 0}
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() => {
          setConfirmLogout(false);
          void session.logout();
        }}
      />
    </div>
  );
}
