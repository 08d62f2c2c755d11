import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../domain/display-format';
import type { LetterVersionSummary } from '../../../domain/contract/letter';
import { MESSAGES } from '../../../domain/messages';
import { Alert } from '../../../components/ui/alert';
import { HttpError } from '../../../lib/api/errors';
import { NotAvailableOffline } from '../../offline-review';
import { versionsQuery } from '../api';
import { VersionDiff } from './version-diff';

/** "final" or a hand-off's action, in words. */
export function versionKind(kind: string): string {
  if (kind === 'final') return 'Saved';
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const describe = (v: LetterVersionSummary) =>
  `Version ${v.version} · ${versionKind(v.kind)} · ${formatDateTime(v.created_at)}${v.user ? ` · ${v.user.full_name}` : ''}`;

const SELECT =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

/**
 * The letter's versions (spec §3: each final save and each hand-off keeps one), and a word-level
 * comparison of any two, the two newest to start with.
 */
export function VersionsTab({ dictationId }: { dictationId: number }) {
  const versions = useQuery(versionsQuery(dictationId));
  const [picked, setPicked] = useState<{ older?: number; newer?: number }>({});
  if (versions.isPending) return <p className="text-sm">Loading…</p>;
  if (versions.error instanceof HttpError && versions.error.isNetwork) return <NotAvailableOffline />;
  if (versions.error) return <Alert>{versions.error.message || MESSAGES.errorFetching}</Alert>;
  const list = [...versions.data].sort((a, b) => b.version - a.version);
  if (list.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">No version available for this dictation</p>;
  const newer = picked.newer ?? list[0]!.version;
  const older = picked.older ?? list.find((v) => v.version < newer)?.version ?? newer;
  return (
    <div className="space-y-3">
      <ol className="space-y-1 text-sm">
        {list.map((v) => (
          <li key={v.version} className="rounded-md bg-slate-50 px-2 py-1 dark:bg-slate-800">
            {describe(v)}
          </li>
        ))}
      </ol>
      {list.length > 1 && (
        <div className="grid gap-2 sm:grid-cols-2">
          <label className="text-sm">
            <span className="mb-1 block font-medium">Compare</span>
            <select className={SELECT} value={older} onChange={(e) => setPicked({ older: Number(e.target.value), newer })}>
              {list.map((v) => (
                <option key={v.version} value={v.version}>
                  Version {v.version}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">with</span>
            <select className={SELECT} value={newer} onChange={(e) => setPicked({ older, newer: Number(e.target.value) })}>
              {list.map((v) => (
                <option key={v.version} value={v.version}>
                  Version {v.version}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {list.length > 1 && older !== newer && (
        <VersionDiff dictationId={dictationId} older={Math.min(older, newer)} newer={Math.max(older, newer)} />
      )}
    </div>
  );
}
