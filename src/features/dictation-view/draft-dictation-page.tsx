import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Dictation } from '../../domain/contract';
import { pathOf } from '../../domain/contract/endpoint';
import { E } from '../../domain/contract/endpoints';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { AudioPlayer } from '../../components/ui/audio-player';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { useSession } from '../../lib/auth/use-session';
import { db } from '../../lib/db/db';
import { enqueue } from '../../lib/sync/outbox';
import { requestSync } from '../../lib/sync/triggers';
import { announceQueued } from '../sync';
import { DetailsSection, detailsFromDictation, useDetailsForm, useDictationKeys } from '../dictation-form';
import { DictationSummary } from './dictation-summary';
import { dictationKeys, useDictation } from './api/get-dictation';

/**
 * /draftdictation/:dictation: the author finishes a draft the server holds — listens back, changes the
 * details, saves them or submits it for typing. Changes go through the outbox, so they survive a dead
 * network; a dictation that is no longer a draft is shown read-only.
 */
export function DraftDictationPage({ id }: { id: number }) {
  const { data: d, error, isPending } = useDictation(id);
  const { profile } = useSession();
  if (isPending) return <Page title="Draft dictation">Loading…</Page>;
  if (error || !d) return <Page title="Draft dictation">{<Alert>{error?.message ?? MESSAGES.errorFetching}</Alert>}</Page>;
  if (d.status !== 'DRAFT' || d.user.id !== profile?.id) return <DictationSummary id={id} title="Dictation" />;
  return <DraftEditor key={d.id} dictation={d} />;
}

function DraftEditor({ dictation: d }: { dictation: Dictation }) {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const form = useDetailsForm(() => detailsFromDictation(d), false);
  const [busy, setBusy] = useState(false);
  const path = pathOf(E.dictationUpdate, { id: d.id });
  const waiting = useLiveQuery(
    async () => (await db.outbox.toArray()).filter((i) => i.kind === 'request' && i.path === path).length,
    [path],
  );

  async function save(status: 'DRAFT' | 'READY_FOR_TYPING') {
    const details = busy ? null : await form.confirmed();
    if (!details) return;
    setBusy(true);
    try {
      const { author_id: _author, ...body } = details;
      const queued = await enqueue(E.dictationUpdate, { params: { id: d.id }, body: { ...body, status }, label: `Draft ${d.reference}` });
      announceQueued(queued.id, {
        sending: status === 'DRAFT' ? PAGE_MESSAGES.draftSending : PAGE_MESSAGES.submittedSending,
        sent: status === 'DRAFT' ? PAGE_MESSAGES.draftSent : PAGE_MESSAGES.submittedSent,
        offline: status === 'DRAFT' ? PAGE_MESSAGES.draftOffline : PAGE_MESSAGES.submittedOffline,
        kept: PAGE_MESSAGES.submittedKept,
      });
      void requestSync();
      // What the server holds is about to change: the next visit must not show this draft as it was.
      queries.removeQueries({ queryKey: dictationKeys.detail(d.id) });
      await navigate({ to: '/{-$tab}', params: { tab: status === 'DRAFT' ? 'DRAFT' : undefined } });
    } finally {
      setBusy(false);
    }
  }

  useDictationKeys({ submit: () => void save('READY_FOR_TYPING'), draft: () => void save('DRAFT') });

  return (
    <Page title={`Draft ${d.reference}`}>
      <div className="space-y-4">
        {!!waiting && (
          <Alert tone="info">Earlier changes to this draft are waiting to be sent; the page shows what the server has now.</Alert>
        )}
        {d.audio?.state === 'processing' && <Alert tone="info">The audio is being prepared for playback…</Alert>}
        {d.audio?.message && d.audio.state !== 'ready' && <Alert>{d.audio.message}</Alert>}
        {d.audio?.url && <AudioPlayer src={d.audio.url} label="Dictation audio" peaks={d.audio.peaks} durationMs={d.audio.duration_ms} />}
        <DetailsSection {...form.section} showAuthor={false} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button tone="secondary" onPress={() => void save('DRAFT')} isDisabled={busy}>
            Save draft (D)
          </Button>
          <Button onPress={() => void save('READY_FOR_TYPING')} isDisabled={busy}>
            Submit (Ctrl+S)
          </Button>
        </div>
      </div>
    </Page>
  );
}
