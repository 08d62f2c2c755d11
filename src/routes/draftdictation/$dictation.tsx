import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { DraftDictationPage } from '../../features/dictation-view/draft-dictation-page';

export const Route = createFileRoute('/draftdictation/$dictation')({
  beforeLoad: async (ctx) => {
    await guardRoute('/draftdictation/$dictation')(ctx);
    if (!/^\d+$/.test(ctx.params.dictation)) throw notFound();
  },
  component: Show,
});

function Show() {
  const { dictation } = Route.useParams();
  return <DraftDictationPage key={dictation} id={Number(dictation)} />;
}
