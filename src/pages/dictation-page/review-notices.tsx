import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import type { Approval, Dictation, LetterNode } from '../../domain/contract';
import { letterText } from '../../domain/letter-doc';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { signatureLine } from '../../domain/signature';
import { diffSummary, wordDiff } from '../../domain/word-diff';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DiffText, versionQuery, versionsQuery } from '../../features/letter-editor';
import { useAuditTrail } from './api/activity';

/** The signature under an approved letter, read-only: "Approved by Daniel Reid, Consultant Cardiologist, GMC 4412087 on 22 Nov 2026". */
export function SignatureBlock({ approval }: { approval: Approval }) {
  return (
    <p
      data-testid="approval-signature"
      className="mx-auto mb-3 flex w-full max-w-[48rem] items-start gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-950 ring-1 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-50 dark:ring-emerald-800"
    >
      <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
      {signatureLine(approval)}
    </p>
  );
}

/**
 * On top of a letter sent back to the one who now has it: "Returned by Daniel Reid: …". Who returned it
 * is the audit trail's latest return.
 */
export function ReturnedNotice({ d, reason }: { d: Dictation; reason: string }) {
  const trail = useAuditTrail(d.id, 1);
  const by = trail.data?.data.find((l) => l.description.startsWith('Returned'))?.user?.full_name;
  return (
    <div className="mb-3" data-testid="returned-notice">
      <Alert tone="info">{by ? MESSAGES.returnedBy(by, reason) : MESSAGES.returnedNoName(reason)}</Alert>
    </div>
  );
}

/**
 * Issue 23: the typist sent the letter on although the send check found problems (unfilled
 * placeholders, recipients nothing can reach); the author and the QA reviewer read what and why on top.
 */
export function SentAnywayNotice({ note }: { note: NonNullable<Dictation['sent_anyway']> }) {
  return (
    <div className="mb-3" data-testid="sent-anyway-notice">
      <Alert tone="info">{PAGE_MESSAGES.sentAnywayNotice(note.by, note.problems, note.reason)}</Alert>
    </div>
  );
}

export interface SeenAtOpening {
  /** The version the user last had in front of them, before this opening (null: never). */
  lastSeen: number | null;
  version: number;
  doc: LetterNode;
}

/**
 * "What changed since you last saw it": a toggle comparing, word by word, the letter as it opened with
 * the version the user last saw (the newest kept version at or before it: autosaves are not kept).
 */
export function ChangesSince({ dictationId, seen }: { dictationId: number; seen: SeenAtOpening }) {
  const [open, setOpen] = useState(false);
  const changed = seen.lastSeen !== null && seen.lastSeen < seen.version;
  const versions = useQuery({ ...versionsQuery(dictationId), enabled: changed });
  const base = changed ? versions.data?.filter((v) => v.version <= seen.lastSeen!).sort((a, b) => b.version - a.version)[0] : undefined;
  const older = useQuery({ ...versionQuery(dictationId, base?.version ?? 0), enabled: open && base !== undefined });
  const parts = useMemo(() => (older.data ? wordDiff(letterText(older.data.doc), letterText(seen.doc)) : null), [older.data, seen.doc]);
  if (!base) return null;
  const summary = parts && diffSummary(parts);
  return (
    <section aria-label="Changes since you last opened the letter" className="mx-auto mb-3 w-full max-w-[48rem] space-y-2">
      <Button tone="secondary" aria-expanded={open} onPress={() => setOpen((o) => !o)} data-testid="changes-since">
        {open ? 'Hide the changes' : `Show changes since you last opened it (v${base.version} → v${seen.version})`}
      </Button>
      {open &&
        (older.error ? (
          <Alert>{older.error.message}</Alert>
        ) : !parts ? (
          <p className="text-sm">Loading…</p>
        ) : (
          <figure className="space-y-2">
            <figcaption className="text-sm text-slate-700 dark:text-slate-200">
              Since version {base.version}: {summary!.added} {summary!.added === 1 ? 'word' : 'words'} added, {summary!.removed} removed.
            </figcaption>
            <DiffText parts={parts} />
          </figure>
        ))}
    </section>
  );
}
