import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { GroupsPage } from '../features/admin-groups/groups-page';

export const Route = createFileRoute('/groups')({
  beforeLoad: guardRoute('/groups'),
  component: GroupsPage,
});
