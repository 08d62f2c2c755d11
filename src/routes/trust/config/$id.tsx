import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { TrustConfigPage } from '../../../features/trust-config/trust-config-page';

export const Route = createFileRoute('/trust/config/$id')({
  beforeLoad: async (ctx) => {
    await guardRoute('/trust/config/$id')(ctx);
    if (!/^\d{1,10}$/.test(ctx.params.id)) throw notFound();
  },
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <TrustConfigPage key={id} trustId={Number(id)} />;
}
