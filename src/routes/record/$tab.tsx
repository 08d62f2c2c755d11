import { createFileRoute, notFound } from '@tanstack/react-router';
import { MAX_RECORDING_TABS } from '../../domain/limits';
import { tabTypeFor } from '../../domain/recording-tab-type';
import { guardRoute } from '../../app/guard';
import { session } from '../../lib/auth/session';
import { RecordPage } from '../../features/recording/components/record-page';

export const Route = createFileRoute('/record/$tab')({
  beforeLoad: async (ctx) => {
    await guardRoute('/record/$tab')(ctx);
    const index = Number(ctx.params.tab);
    if (!Number.isInteger(index) || index < 1 || index > MAX_RECORDING_TABS) throw notFound();
    const profile = session.snapshot.profile;
    // The tab store (Dexie) loads with this route, not with the app; the start-up work (interrupted
    // recordings marked) finishes before a new recording can begin here.
    const [{ ensureTab }] = await Promise.all([
      import('../../features/recording/tabs-store'),
      import('../../app/background').then((m) => m.startBackgroundWork()),
    ]);
    await ensureTab(index, tabTypeFor(profile?.preferences.profile.speech_recognition, profile?.site.sr_integration ?? null));
  },
  component: RecordTab,
});

function RecordTab() {
  const { tab } = Route.useParams();
  return <RecordPage key={tab} tabIndex={Number(tab)} />;
}
