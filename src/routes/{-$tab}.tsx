import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { defaultHomeTab } from '../domain/access';
import { isHomeTab } from '../domain/statuses';
import { guardRoute } from '../app/guard';
import { session } from '../lib/auth/session';
import { WorklistPage } from '../pages/worklist-page';
import { worklistSearch } from '../features/worklist/list-params';

export const Route = createFileRoute('/{-$tab}')({
  validateSearch: worklistSearch,
  beforeLoad: async (ctx) => {
    await guardRoute('/{-$tab}')(ctx);
    const tab = ctx.params.tab;
    if (tab === undefined) throw redirect({ href: `/${defaultHomeTab(session.subject!)}`, replace: true });
    if (!isHomeTab(tab)) throw notFound();
  },
  component: Home,
});

function Home() {
  const { tab } = Route.useParams();
  return isHomeTab(tab) ? <WorklistPage tab={tab} /> : null;
}
