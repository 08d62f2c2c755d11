import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { DictationPage } from '../../features/dictation-page/dictation-page';

export const Route = createFileRoute('/dictation/$id')({
  beforeLoad: async (ctx) => {
    await guardRoute('/dictation/$id')(ctx);
    if (!/^\d+$/.test(ctx.params.id)) throw notFound();
  },
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <DictationPage key={id} id={Number(id)} />;
}
