import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { TrustsPage } from '../../features/admin-trusts/trusts-page';

export const Route = createFileRoute('/trusts/')({
  beforeLoad: guardRoute('/trusts'),
  component: TrustsPage,
});
