import { useEffect, useState } from 'react';
import { Page } from '../../components/ui/page';
import { Button } from '../../components/ui/button';
import { formatBytes, requestPersistentStorage, storageEstimate } from '../../lib/storage';
import { useSession } from '../../lib/auth/use-session';
import { PlaybackPreferences } from '../../features/typist-audio';
import { SignatureSection } from '../../features/review';
import { OfflineReviewPreferences } from '../../features/offline-review';
import { EmailNotificationPreferences } from '../../features/notifications';
import { InheritedNote, isOwnValue, ProfilePreferencesSection, useInheritedSetting } from '../../features/preferences';
import { ColumnChooser } from '../../features/worklist';
import { RULES, satisfies } from '../../domain/access';
import { columnsToShow } from '../../domain/list-columns';
import type { UserProfile } from '../../domain/contract';

/**
 * Preferences (spec §3 `preferences.profile`; issue 25: each inheritable one says where its value comes
 * from, a changed one is in bold, a locked one cannot be changed): the list a session opens on, speech
 * recognition, the AI scribe's speakers, the work queue's columns, how dictations play (foot pedal mode, auto-rewind; saved in the profile), what this
 * device holds for Wardnote (recordings waiting to be sent live here), and whether the browser has
 * promised not to clear it.
 */
export function PreferencesPage() {
  const [estimate, setEstimate] = useState<Awaited<ReturnType<typeof storageEstimate>>>(null);
  const refresh = () => void storageEstimate().then(setEstimate);
  const { profile, subject } = useSession();
  useEffect(refresh, []);

  return (
    <Page title="Preferences">
      {profile && (
        <div className="mb-4">
          <ProfilePreferencesSection key={profile.id} profile={profile} />
        </div>
      )}
      {profile && subject && satisfies(subject, RULES.home) && <ColumnsSection profile={profile} />}
      {profile && (
        <div className="mb-4">
          <PlaybackPreferences key={profile.id} profile={profile} />
        </div>
      )}
      {profile && <SignatureSection className="mb-4" />}
      <EmailNotificationPreferences />
      <section
        aria-labelledby="storage-title"
        className="max-w-xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      >
        <h2 id="storage-title" className="text-lg font-semibold">
          Storage on this device
        </h2>
        {estimate ? (
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm" data-testid="storage">
            <dt>Used by Wardnote</dt>
            <dd>{formatBytes(estimate.usage)}</dd>
            <dt>Free for Wardnote</dt>
            <dd>{formatBytes(Math.max(0, estimate.quota - estimate.usage))}</dd>
            <dt>Kept when space runs low</dt>
            <dd>{estimate.persisted ? 'Yes' : 'Not yet'}</dd>
          </dl>
        ) : (
          <p className="mt-3 text-sm">This browser does not report its storage.</p>
        )}
        {estimate && !estimate.persisted && (
          <Button tone="secondary" className="mt-4" onPress={() => void requestPersistentStorage().then(refresh)}>
            Ask the browser to keep recordings
          </Button>
        )}
      </section>
      <OfflineReviewPreferences />
    </Page>
  );
}

/** The work queue's columns (at least five, spec §5): which are shown, where the choice comes from, and the chooser. */
function ColumnsSection({ profile }: { profile: UserProfile }) {
  const columns = useInheritedSetting('columns');
  const current = columnsToShow(profile.preferences.profile.columns);
  return (
    <section
      aria-labelledby="columns-title"
      className="mb-4 max-w-xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="columns-title" className="text-lg font-semibold">
        Work queue columns
      </h2>
      <p className={`mt-1 text-sm ${isOwnValue(columns) ? 'font-bold' : ''}`}>{current.length} columns shown.</p>
      <InheritedNote id="columns-page-source" setting={columns} userId={profile.id} />
      <div className="mt-3">
        <ColumnChooser userId={profile.id} current={current} />
      </div>
    </section>
  );
}
