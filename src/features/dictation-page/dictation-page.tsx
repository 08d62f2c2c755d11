import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { HelpCircle } from 'lucide-react';
import { MESSAGES } from '../../domain/messages';
import type { Dictation } from '../../domain/contract';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { useSession } from '../../lib/auth/use-session';
import { useDictation } from '../dictation-view';
import { TYPIST_AUDIO_SHORTCUTS, TypistPlayer } from '../typist-audio';
import { useClaimOnOpen } from './use-claim';
import { DictationHeader } from './dictation-header';
import { SidePanel } from './side-panel';
import { DetailsTab } from './details-tab';
import { ShortcutHelp } from './shortcut-help';
import { PAGE_SHORTCUTS } from './page-shortcuts';
import { usePageKeys } from './use-page-keys';

/**
 * /dictation/:id — the typist's workstation: the audio on top, the letter filling the page, the
 * details and history beside it. Opening ready work claims it (use-claim.ts).
 */
export function DictationPage({ id }: { id: number }) {
  const { data: d, error, isPending } = useDictation(id);
  const { subject } = useSession();
  const claim = useClaimOnOpen(d, subject?.roles ?? []);
  if (isPending) return <Page title="Dictation">Loading…</Page>;
  if (error || !d) return <Page title="Dictation">{<Alert>{error?.message ?? MESSAGES.errorFetching}</Alert>}</Page>;
  return (
    <Workstation key={d.id} d={d} claimMessage={claim.kind === 'refused' ? claim.message : null} claiming={claim.kind === 'claiming'} />
  );
}

function Workstation({ d, claimMessage, claiming }: { d: Dictation; claimMessage: string | null; claiming: boolean }) {
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  const [tab, setTab] = useState('details');
  const editable = false;

  usePageKeys({
    finalSave: () => {},
    draftSave: () => {},
    findPatient: () => {},
    findAppointment: () => {},
    preview: () => {},
    customField: () => setTab('details'),
    close: () => void navigate({ to: '/{-$tab}', params: { tab: undefined } }),
    help: () => setHelp(true),
  });

  return (
    <section className="mx-auto w-full max-w-7xl p-3 sm:p-4" aria-labelledby="page-title">
      <div className="sticky top-[var(--topbar-h,0px)] z-20 -mx-3 mb-3 space-y-2 border-b border-slate-200 bg-slate-50/95 px-3 pb-2 pt-1 backdrop-blur sm:-mx-4 sm:px-4 dark:border-slate-800 dark:bg-slate-950/95">
        <DictationHeader
          d={d}
          actions={
            <Button tone="ghost" aria-label="Keyboard shortcuts (?)" onPress={() => setHelp(true)}>
              <HelpCircle aria-hidden className="size-5" />
            </Button>
          }
        />
        <TypistPlayer dictation={d} />
      </div>
      {claiming && <Alert tone="info">Assigning this dictation to you…</Alert>}
      {claimMessage && <Alert>{claimMessage}</Alert>}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div
          data-testid="letter-area"
          className="min-h-[24rem] rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        />
        <aside aria-label="Dictation information">
          <SidePanel
            selected={tab}
            onSelect={setTab}
            tabs={[{ id: 'details', title: 'Details', content: <DetailsTab d={d} editable={editable} /> }]}
          />
        </aside>
      </div>
      <ShortcutHelp
        open={help}
        onOpenChange={setHelp}
        groups={[
          { title: 'This page', rows: PAGE_SHORTCUTS },
          { title: 'Audio', rows: TYPIST_AUDIO_SHORTCUTS },
        ]}
      />
    </section>
  );
}
