import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { PushOpen } from '../../features/notifications/push-open';

/** A push notification's click (the service worker opens or routes a window here): see PushOpen. */
export const Route = createFileRoute('/notification/$id')({
  beforeLoad: async (ctx) => {
    await guardRoute('/notification/$id')(ctx);
    if (!/^\d+$/.test(ctx.params.id)) throw notFound();
  },
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <PushOpen key={id} notificationId={Number(id)} />;
}
