import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { AutotextPopupPage } from '../features/autotext/popup/autotext-popup-page';

export const Route = createFileRoute('/autotextpopup')({
  beforeLoad: guardRoute('/autotextpopup'),
  validateSearch: (s: Record<string, unknown>): { target?: string; department?: number } => ({
    target: typeof s.target === 'string' && /^[\w-]{1,64}$/.test(s.target) ? s.target : undefined,
    department: Number.isInteger(Number(s.department)) && Number(s.department) > 0 ? Number(s.department) : undefined,
  }),
  component: AutotextPopupRoute,
});

function AutotextPopupRoute() {
  const { target, department } = Route.useSearch();
  return <AutotextPopupPage target={target} departmentId={department} />;
}
