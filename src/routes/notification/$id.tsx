import { createFileRoute } from '@tanstack/react-router';
import { guardRouteIds } from '../../app/guard';
import { PushOpen } from '../../features/notifications/push-open';

/** A push notification's click (the service worker opens or routes a window here): see PushOpen. */
export const Route = createFileRoute('/notification/$id')({
  beforeLoad: guardRouteIds('/notification/$id', ['id']),
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <PushOpen key={id} notificationId={Number(id)} />;
}
