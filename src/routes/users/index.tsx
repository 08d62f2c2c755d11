import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { UsersListPage } from '../../features/admin-users/users-list-page';

export const Route = createFileRoute('/users/')({
  beforeLoad: guardRoute('/users'),
  component: UsersListPage,
});
