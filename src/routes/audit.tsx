import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { AuditPage, type AuditSearch } from '../features/audit';

const FIELDS = ['trust_id', 'user_id', 'reference', 'action', 'from', 'to'] as const;

/** The filter as the address holds it: short texts only, blank ones left out (the server checks each). */
function validateSearch(s: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {};
  for (const k of FIELDS) {
    const v = s[k];
    const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
    if (text && text.length <= 100) out[k] = text;
  }
  return out;
}

export const Route = createFileRoute('/audit')({
  beforeLoad: guardRoute('/audit'),
  validateSearch,
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AuditPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
