import { createFileRoute } from '@tanstack/react-router';
import { guardRoute, idSearch } from '../app/guard';
import { DepartmentsPage } from '../features/admin-structure/departments-page';

/** `?trust=<id>`: another trust's departments (a SuperAdmin's; the server refuses anyone else another trust). */
const validateSearch = (s: Record<string, unknown>): { trust?: number } => ({ trust: idSearch(s.trust) });

export const Route = createFileRoute('/departments')({
  validateSearch,
  beforeLoad: guardRoute('/departments'),
  component: Show,
});

function Show() {
  const { trust } = Route.useSearch();
  return <DepartmentsPage key={trust ?? 'own'} trustId={trust} />;
}
