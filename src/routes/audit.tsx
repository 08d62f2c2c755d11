import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ROUTES, type RouteId } from '../domain/access';
import { AuditPage, type AuditSearch } from '../features/audit';

/**
 * The guard of /audit: its own ROUTES entry (RULES.audit) once src/domain/access.ts has it; until then the
 * users list's, which lets in the same three roles (SuperAdmin, TrustAdmin, SiteAdmin).
 */
const GUARD = ('/audit' in ROUTES ? '/audit' : '/users') as RouteId;

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
  beforeLoad: guardRoute(GUARD),
  validateSearch,
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AuditPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
