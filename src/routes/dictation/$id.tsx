import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { DictationSummary } from '../../features/dictation-view/dictation-summary';

export const Route = createFileRoute('/dictation/$id')({
  beforeLoad: async (ctx) => {
    await guardRoute('/dictation/$id')(ctx);
    if (!/^\d+$/.test(ctx.params.id)) throw notFound();
  },
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <DictationSummary key={id} id={Number(id)} title="Dictation" />;
}
