import { createFileRoute, notFound } from '@tanstack/react-router';
import { MAX_RECORDING_TABS } from '../../domain/limits';
import { tabTypeFor } from '../../domain/recording-tabs';
import { guardRoute } from '../../app/guard';
import { session } from '../../lib/auth/session';
import { ensureTab, RecordPage } from '../../features/recording';

export const Route = createFileRoute('/record/$tab')({
  beforeLoad: async (ctx) => {
    await guardRoute('/record/$tab')(ctx);
    const index = Number(ctx.params.tab);
    if (!Number.isInteger(index) || index < 1 || index > MAX_RECORDING_TABS) throw notFound();
    const profile = session.snapshot.profile;
    await ensureTab(index, tabTypeFor(profile?.preferences.profile.speech_recognition, profile?.site.sr_integration ?? null));
  },
  component: RecordTab,
});

function RecordTab() {
  const { tab } = Route.useParams();
  return <RecordPage key={tab} tabIndex={Number(tab)} />;
}
