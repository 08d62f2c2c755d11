import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { FileText, HelpCircle } from 'lucide-react';
import { toast } from 'sonner';
import { MESSAGES } from '../../domain/messages';
import type { Dictation, LetterNode } from '../../domain/contract';
import { canEditLetter, checkHandOff, type LetterDictation, type LetterUser } from '../../domain/letter-access';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { useSession } from '../../lib/auth/use-session';
import { useDictation } from '../../features/dictation-view';
import { AttachmentsTab } from '../../features/attachments';
import { DeliverySlot, hasDeliveries } from '../../features/letters-out';
import { RecipientsSlot, recipientsApprovalProblem, recipientsSendProblems } from '../../features/recipients';
import { focusPlaceholder } from '../../features/autotext';
import { unfilledPlaceholders } from '../../domain/send-check';
import type { SendCheckFound } from './send-check-dialog';
import { OfflineCopyNotice } from '../../features/offline-review';
import { LetterPreviewDialog } from '../../features/letter-preview';
import { DEVICE_BUTTONS, PlayerLink, TYPIST_AUDIO_SHORTCUTS, TypistPlayer } from '../../features/typist-audio';
import { SaveStatus, VersionsTab, useLetter } from '../../features/letter-editor';
import { useClaimOnOpen, type ClaimState } from './api/claim';
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
import { ChangesSince, ReturnedNotice, SentAnywayNotice, SignatureBlock, type SeenAtOpening } from './review-notices';
import './dictation-page.css';

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
    approvesFor: profile?.approves_for ?? [],
  };
  // The letter opens once the claim is settled, so the server's answer already knows who types it.
  return (
    <section className="dictation-workstation mx-auto w-full max-w-7xl p-3 sm:p-4" aria-labelledby="page-title">
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
  // Review mode (issue 12): the letter waits for this user's approval (their own, or under the author's
  // secretarial cover for it or a standing delegation: issue 22).
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
      if (await handOff({ action: 'approve' }, letter.flush, 'Approved.')) await goToList();
    } finally {
      setApproving(false);
    }
  }

  async function finalSave() {
    if (!editable) return;
    const state = await letter.saveFinal();
    if (state === 'needs fixing') return void toast.error(MESSAGES.letterPutRightFirst(letter.session.getView().problems[0] ?? ''));
    toast.success(
      state === 'saved' ? 'Saved as a new version.' : 'Saved on this device. The version is kept as soon as there is a connection.',
    );
  }

  // The send check (issue 23): the letter as it stands in the editor, the recipients by the approval's rule.
  const sendCheck = async (): Promise<SendCheckFound> => ({
    placeholders: editor ? unfilledPlaceholders(editor.getJSON() as LetterNode) : [],
    recipients: await recipientsSendProblems(queries, d.id),
  });
  // After the dialog has closed and given focus back, the cursor goes to the placeholder.
  const goToPlaceholder = (index: number) =>
    requestAnimationFrame(() => setTimeout(() => editor && focusPlaceholder(editor.view, index), 0));
  // The Recipients tab, focused (below the letter on a phone: focusing it scrolls to it).
  const goToRecipients = () => {
    setTab('recipients');
    requestAnimationFrame(() =>
      setTimeout(
        () => document.querySelector<HTMLElement>('aside[aria-label="Details and history"] [role="tab"][aria-selected="true"]')?.focus(),
        0,
      ),
    );
  };

  const pageActions: PageKeyActions = {
    finalSave: () => void finalSave(),
    draftSave: () =>
      void (
        editable &&
        letter
          .flush()
          .then((problems) => (problems.length ? toast.error(MESSAGES.letterPutRightFirst(problems[0]!)) : toast.success('Saved.')))
      ),
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
              sendCheck={sendCheck}
              onPlaceholder={goToPlaceholder}
              onRecipients={goToRecipients}
              onHandOff={(action, reason, done) =>
                action === 'approve'
                  ? approve()
                  : handOff({ action, ...(reason ? { reason } : {}) }, letter.flush, done).then(
                      async (queued) => void (queued && (await navigate({ to: '/{-$tab}', params: { tab: undefined } }))),
                    )
              }
            />
            {/* On a phone: the icon alone (its name stays "Preview"), so the actions keep to fewer rows. */}
            <Button tone="secondary" aria-keyshortcuts="Shift+P" className="max-sm:px-3" onPress={() => setPreview(true)}>
              <FileText aria-hidden className="size-4" />
              <span className="max-sm:sr-only">Preview</span>
            </Button>
            {/* A list of keys is no help where there is no keyboard (a touch screen's primary pointer). */}
            <Button
              tone="ghost"
              aria-label="Keyboard shortcuts (?)"
              className="pointer-coarse:hidden [@media(hover:none)]:hidden"
              onPress={() => setHelp(true)}
            >
              <HelpCircle aria-hidden className="size-5" />
            </Button>
          </>
        }
      />
      <div
        ref={playerRef}
        className="dictation-player sticky top-[var(--topbar-h,0px)] z-20 -mx-3 my-2 border-b border-slate-200 bg-slate-50 px-3 py-1 sm:-mx-4 sm:my-3 sm:px-4 sm:py-2 dark:border-slate-800 dark:bg-slate-950"
      >
        <TypistPlayer dictation={d} link={player} onDeviceAction={(action) => pageActions[action]()} />
      </div>
      <OfflineCopyNotice dictationId={d.id} />
      {claimMessage && <Alert>{claimMessage}</Alert>}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          {returnReason && <ReturnedNotice d={d} reason={returnReason} />}
          {d.sent_anyway && (d.status === 'AUTHOR_APPROVAL' || d.status === 'QA_REVIEW') && <SentAnywayNotice note={d.sent_anyway} />}
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
        beforeLoad={async () => void (editable && (await letter.flush()))}
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
