import { Page } from '../../components/ui/page';
import { RULES, satisfies } from '../../domain/access';
import { PAGE_MESSAGES } from '../../domain/messages';
import { useSession } from '../../lib/auth/use-session';
import { DistributionSettingsSection } from './distribution-settings-section';
import { DelegationsSection } from './delegations-section';

/**
 * /trust/config/:id (TrustConfiguration): the trust's settings; so far its Letters out part and its
 * standing delegations of approval (issue 22), for its administrators.
 */
export function TrustConfigPage({ trustId }: { trustId: number }) {
  const { subject } = useSession();
  return (
    <Page title="Trust configuration">
      <div className="flex flex-col gap-4">
        {subject && satisfies(subject, RULES.distributionSettings) && <DistributionSettingsSection trustId={trustId} />}
        {subject && satisfies(subject, RULES.delegations) && <DelegationsSection trustId={trustId} />}
        <p className="max-w-2xl rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {PAGE_MESSAGES.trustConfigOther}
        </p>
      </div>
    </Page>
  );
}
