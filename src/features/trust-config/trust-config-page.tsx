import { Link } from '@tanstack/react-router';
import { Page } from '../../components/ui/page';
import { RULES, satisfies } from '../../domain/access';
import { SITE_ADMIN } from '../../domain/contract/endpoints/admin-trusts';
import { useSession } from '../../lib/auth/use-session';
import { SitesSection } from '../admin-trusts';
import { DistributionSettingsSection } from './distribution-settings-section';
import { DelegationsSection } from './delegations-section';
import { InheritedSettingsSection } from '../settings';

/** Who sees the Sites section (issue 25): the trust's administrators, and a SiteAdmin for their own site. */
const SITES_RULE = SITE_ADMIN;

const LINK =
  'inline-flex min-h-11 items-center rounded-lg bg-white px-4 font-medium text-blue-800 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50 dark:bg-slate-900 dark:text-blue-300 dark:ring-slate-800';

/**
 * /trust/config/:id (TrustConfiguration, where a SiteAdmin lands): links to the trust's lists (users, groups,
 * departments, job types, audit log), its sites, Letters out, standing delegations of approval (issue 22) and the
 * trust's inherited settings, each for whom it concerns.
 */
export function TrustConfigPage({ trustId }: { trustId: number }) {
  const { subject } = useSession();
  return (
    <Page title="Trust configuration">
      <div className="flex flex-col gap-4">
        {subject &&
          [RULES.userAdmin, RULES.groups, RULES.departments, RULES.jobTypesList, RULES.audit].some((rule) => satisfies(subject, rule)) && (
            <nav aria-label="Trust administration" className="flex flex-wrap gap-2">
              {satisfies(subject, RULES.userAdmin) && (
                <Link to="/users" className={LINK}>
                  Users
                </Link>
              )}
              {satisfies(subject, RULES.groups) && (
                <Link to="/groups" className={LINK}>
                  Groups
                </Link>
              )}
              {satisfies(subject, RULES.departments) && (
                <Link to="/departments" search={{ trust: trustId }} className={LINK}>
                  Departments
                </Link>
              )}
              {satisfies(subject, RULES.jobTypesList) && (
                <Link to="/job-types/list/$id" params={{ id: String(trustId) }} className={LINK}>
                  Job types
                </Link>
              )}
              {satisfies(subject, RULES.audit) && (
                <Link to="/audit" search={{ trust_id: String(trustId) }} className={LINK}>
                  Audit log
                </Link>
              )}
            </nav>
          )}
        {subject && satisfies(subject, SITES_RULE) && <SitesSection trustId={trustId} />}
        {subject && satisfies(subject, RULES.distributionSettings) && <DistributionSettingsSection trustId={trustId} />}
        {subject && satisfies(subject, RULES.delegations) && <DelegationsSection trustId={trustId} />}
        {subject && satisfies(subject, RULES.trusts) && <InheritedSettingsSection scope="trust" id={trustId} />}
      </div>
    </Page>
  );
}
