import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { FileText, HelpCircle } from 'lucide-react';
import { toast } from 'sonner';
import { MESSAGES } from '../../domain/messages';
import type { Dictation } from '../../domain/contract';
import { canEditLetter, checkHandOff, type LetterDictation, type LetterUser } from '../../domain/letter-access';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { useSession } from '../../lib/auth/use-session';
import { useDictation } from '../dictation-view';
import { AttachmentsTab } from '../attachments';
import { DeliverySlot, hasDeliveries } from '../letters-out/lazy';
import { RecipientsSlot } from '../recipients/lazy';
import { recipientsApprovalProblem } from '../recipients/approval-check';
import { OfflineCopyNotice } from '../offline-review/offline-notice';
import { LetterPreviewDialog } from '../letter-preview';
import { DEVICE_BUTTONS, PlayerLink, TYPIST_AUDIO_SHORTCUTS, TypistPlayer } from '../typist-audio';
import { SaveStatus, VersionsTab, useLetter } from '../letter-editor';
import { useClaimOnOpen, type ClaimState } from './use-claim';
import { DictationHeader } from './dictation-header';
import { SidePanel } from './side-panel';
import { DetailsTab } from './details-tab';
import { AuditTab, CommentsTab } from './activity-tabs';
import { ShortcutHelp } from './shortcut-help';
import { PAGE_SHORTCUTS, type PageKeyActions } from './page-shortcuts';
import { usePageKeys } from './use-page-keys';
import { usePlayerHeight } from './use-player-height';
import { LetterArea, type MergeExtrasFromPage } from './letter-area';
import { HandOffActions } from './handoff-actions';
import { useHandOff } from './use-handoff';
import { TakeOver } from './take-over';
import { Finders, type FinderKind } from './finders';
import { ChangesSince, ReturnedNotice, SignatureBlock, type SeenAtOpening } from './review-notices';

/**
 * /dictation/:id — the typist's workstation: the audio on top, the letter filling the page, the
 * details and history beside it. Opening ready work claims it (use-claim.ts).
 */
export function DictationPage({ id }: { id: number }) {
  const { data: d, error, isPending } = useDictation(id);
  const { subject } = useSession();
  const claim = useClaimOnOpen(d, subject?.roles ?? [], subject?.outsourcingPoolId != null);
  if (isPending) return <Page title="Dictation">Loading…</Page>;
  if (error || !d) return <Page title="Dictation">{<Alert>{error?.message ?? MESSAGES.errorFetching}</Alert>}</Page>;
  return <Workstation key={d.id} d={d} claim={claim} />;
}

const ownership = (d: Dictation): LetterDictation => ({
  status: d.status,
  authorId: d.user.id,
  assignedTo: d.assigned_to?.user_id ?? null,
  secretarialCover: d.secretarial_cover ?? false,
  outsourcingPoolId: d.outsourcing_pool_id ?? null,
  jobTypeQaRequired: d.jobtype?.qa_required ?? false,
});

function Workstation({ d, claim }: { d: Dictation; claim: ClaimState }) {
  const { profile, subject } = useSession();
  const user: LetterUser = {
    userId: profile?.id ?? 0,
    roles: subject?.roles ?? [],
    permissions: subject?.permissions ?? [],
    outsourcingPoolId: subject?.outsourcingPoolId ?? null,
    qaRequired: profile?.qa_required ?? false,
  };
  // The letter opens once the claim is settled, so the server's answer already knows who types it.
  return (
    <section className="mx-auto w-full max-w-7xl p-3 sm:p-4" aria-labelledby="page-title">
      {claim.kind === 'claiming' ? (
        <>
          <DictationHeader d={d} />
          <Alert tone="info">Assigning this dictation to you…</Alert>
        </>
      ) : (
        <Typing d={d} user={user} claimMessage={claim.kind === 'refused' ? claim.message : null} />
      )}
    </section>
  );
}

function Typing({ d, user, claimMessage }: { d: Dictation; user: LetterUser; claimMessage: string | null }) {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const letter = useLetter(d.id, { label: `Letter ${d.reference}` });
  const handOff = useHandOff(d);
  const [help, setHelp] = useState(false);
  const [preview, setPreview] = useState(false);
  const panel = (useSearch({ strict: false }) as { panel?: string }).panel;
  const [tab, setTab] = useState(panel === 'delivery' && hasDeliveries(d) ? 'delivery' : 'details');
  const [finder, setFinder] = useState<FinderKind | null>(null);
  const [extras, setExtras] = useState<MergeExtrasFromPage>({});
  const [editor, setEditor] = useState<Editor | null>(null);
  const editable = canEditLetter(user, ownership(d));
  const playerRef = usePlayerHeight();
  const [player] = useState(() => new PlayerLink());
  // Review mode (issue 12): the letter waits for this user's approval (their own, or under secretarial cover).
  const reviewing = checkHandOff(user, ownership(d), 'approve').ok;
  // What the user had last seen, as the letter first opened: later openings of this page move it on.
  const [seen, setSeen] = useState<SeenAtOpening | null>(null);
  if (!seen && letter.server)
    setSeen({ lastSeen: letter.server.last_seen_version ?? null, version: letter.server.version, doc: letter.server.doc });
  const [approving, setApproving] = useState(false);
  const returnReason = d.return_reason && d.assigned_to?.user_id === user.userId && editable ? d.return_reason : null;

  const goToList = () => navigate({ to: '/{-$tab}', params: { tab: undefined } });
  async function approve() {
    if (!reviewing || approving) return;
    setApproving(true);
    try {
      // A recipient nothing can reach is refused here, before approval (issue 13), naming them.
      const problem = await recipientsApprovalProblem(queries, d.id);
      if (problem) {
        toast.error(problem);
        setTab('recipients');
        return;
      }
      await handOff({ action: 'approve' }, letter.flush, 'Approved.');
      await goToList();
    } finally {
      setApproving(false);
    }
  }

  async function finalSave() {
    if (!editable) return;
    const state = await letter.saveFinal();
    toast.success(
      state === 'saved' ? 'Saved as a new version.' : 'Saved on this device. The version is kept as soon as there is a connection.',
    );
  }

  const pageActions: PageKeyActions = {
    finalSave: () => void finalSave(),
    draftSave: () => void (editable && letter.flush().then(() => toast.success('Saved.'))),
    findPatient: () => editable && setFinder('patient'),
    findAppointment: () => editable && setFinder('appointment'),
    preview: () => setPreview(true),
    customField: () => {
      setTab('details');
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="correct-details"]')?.focus());
    },
    close: () => void letter.flush().finally(() => void navigate({ to: '/{-$tab}', params: { tab: undefined } })),
    help: () => setHelp(true),
    approve: () => void approve(),
  };
  usePageKeys(pageActions);

  return (
    <>
      <DictationHeader
        d={d}
        actions={
          <>
            <SaveStatus dictationId={d.id} />
            <TakeOver d={d} user={user} />
            <HandOffActions
              user={user}
              d={ownership(d)}
              onHandOff={(action, reason, done) =>
                action === 'approve'
                  ? approve()
                  : handOff({ action, ...(reason ? { reason } : {}) }, letter.flush, done).then(() =>
                      navigate({ to: '/{-$tab}', params: { tab: undefined } }),
                    )
              }
            />
            <Button tone="secondary" aria-keyshortcuts="Shift+P" onPress={() => setPreview(true)}>
              <FileText aria-hidden className="size-4" />
              Preview
            </Button>
            <Button tone="ghost" aria-label="Keyboard shortcuts (?)" onPress={() => setHelp(true)}>
              <HelpCircle aria-hidden className="size-5" />
            </Button>
          </>
        }
      />
      <div
        ref={playerRef}
        className="sticky top-[var(--topbar-h,0px)] z-20 -mx-3 my-3 border-b border-slate-200 bg-slate-50/95 px-3 py-2 backdrop-blur sm:-mx-4 sm:px-4 dark:border-slate-800 dark:bg-slate-950/95"
      >
        <TypistPlayer dictation={d} link={player} onDeviceAction={(action) => pageActions[action]()} />
      </div>
      <OfflineCopyNotice dictationId={d.id} />
      {claimMessage && <Alert>{claimMessage}</Alert>}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          {returnReason && <ReturnedNotice d={d} reason={returnReason} />}
          {reviewing && seen && <ChangesSince dictationId={d.id} seen={seen} />}
          {letter.server?.approval && <SignatureBlock approval={letter.server.approval} />}
          <LetterArea d={d} editable={editable} extras={extras} onEditor={setEditor} player={player} reviewing={reviewing} />
        </div>
        <aside aria-label="Details and history">
          <SidePanel
            selected={tab}
            onSelect={setTab}
            tabs={[
              { id: 'details', title: 'Details', content: <DetailsTab d={d} editable={editable && user.outsourcingPoolId == null} /> },
              { id: 'comments', title: 'Comments', content: <CommentsTab d={d} /> },
              { id: 'audit', title: 'Audit trail', content: <AuditTab d={d} /> },
              { id: 'versions', title: 'Versions', content: <VersionsTab dictationId={d.id} /> },
              { id: 'recipients', title: 'Recipients', content: <RecipientsSlot d={d} /> },
              {
                id: 'attachments',
                title: 'Attachments',
                content: <AttachmentsTab d={d} />,
              },
              ...(hasDeliveries(d) ? [{ id: 'delivery', title: 'Delivery', content: <DeliverySlot d={d} /> }] : []),
            ]}
          />
        </aside>
      </div>
      <Finders
        d={d}
        open={finder}
        onClose={() => {
          setFinder(null);
          editor?.commands.focus();
        }}
        onGp={setExtras}
      />
      <LetterPreviewDialog
        dictationId={d.id}
        open={preview}
        onOpenChange={(open) => {
          setPreview(open);
          if (!open) editor?.commands.focus();
        }}
        beforeLoad={() => (editable ? letter.flush() : Promise.resolve())}
      />
      <ShortcutHelp
        open={help}
        onOpenChange={setHelp}
        groups={[
          { title: 'This page', rows: PAGE_SHORTCUTS },
          { title: 'Audio', rows: TYPIST_AUDIO_SHORTCUTS },
          { title: 'SpeechMike and foot pedal buttons', rows: DEVICE_BUTTONS },
          {
            title: 'Letter',
            rows: [
              { keys: 'shortcut, then Tab', does: 'Insert autotext; Tab again moves to the next blank' },
              { keys: 'Ctrl + Space', does: 'Choose autotext from a list' },
            ],
          },
        ]}
      />
    </>
  );
}
