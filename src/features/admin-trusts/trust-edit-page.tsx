import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { useSession } from '../../lib/auth/use-session';
import { Alert } from '../../components/ui/alert';
import { LeaveGuard } from '../../components/ui/leave-guard';
import { Page } from '../../components/ui/page';
import { useEngines, useLetterhead, useTrust } from './api';
import { CARD, HINT } from './controls';
import { EnginesSection } from './engines-section';
import { LetterheadSection } from './letterhead-section';
import { TrustDetailsSection } from './trust-details-section';

const words = (err: unknown) => (err instanceof HttpError ? err.message : MESSAGES.serverError);
const LINK = 'font-medium text-brand-700 underline underline-offset-2 dark:text-emerald-300';

/**
 * /trusts/update/:id (issue 25): a trust's identity and targets, retention, letterhead (with a preview on
 * a sample letter) and AI scribe engines, each section saved on its own. The NHSmail tag and MESH status
 * are the trust configuration's "Letters out" section, linked here rather than repeated.
 */
export function TrustEditPage({ trustId }: { trustId: number }) {
  const { subject } = useSession();
  const trust = useTrust(trustId);
  const letterhead = useLetterhead(trustId);
  const engines = useEngines(trustId);
  const [dirty, setDirty] = useState({ details: false, letterhead: false, engines: false });
  const mark = (part: keyof typeof dirty) => (d: boolean) => setDirty((x) => (x[part] === d ? x : { ...x, [part]: d }));
  const ownTrust = subject?.siteTrustId === trustId;

  return (
    <Page title={trust.data ? trust.data.name : 'Edit trust'}>
      <LeaveGuard dirty={dirty.details || dirty.letterhead || dirty.engines} />
      <p className={`mb-4 ${HINT}`}>
        <Link to="/trusts" className={LINK}>
          All trusts
        </Link>
        {' · '}
        <Link to="/trust/config/$id" params={{ id: String(trustId) }} className={LINK}>
          Sites, lists and letters out
        </Link>
      </p>
      {trust.isError && <Alert>{words(trust.error)}</Alert>}
      {trust.isPending && <p className={HINT}>Loading…</p>}
      {trust.data && (
        <div className="flex max-w-4xl flex-col gap-6">
          <TrustDetailsSection
            key={`details-${trust.data.id}`}
            trust={trust.data}
            mayDeactivate={!!subject?.roles.includes('SuperAdmin') && !ownTrust}
            onDirty={mark('details')}
          />
          {letterhead.isError && <Alert>{words(letterhead.error)}</Alert>}
          {letterhead.data && <LetterheadSection trustId={trustId} letterhead={letterhead.data} onDirty={mark('letterhead')} />}
          {engines.isError && <Alert>{words(engines.error)}</Alert>}
          {engines.data && <EnginesSection trustId={trustId} engines={engines.data} onDirty={mark('engines')} />}
          <section aria-labelledby="letters-out-title" className={CARD}>
            <h2 id="letters-out-title" className="text-lg font-semibold">
              NHSmail and MESH
            </h2>
            <p className={`mt-1 ${HINT}`}>
              The NHSmail secure subject tag, the ODS code letters go out under and whether GP copies can go over MESH are set in the trust
              configuration’s{' '}
              <Link to="/trust/config/$id" params={{ id: String(trustId) }} className={LINK}>
                Letters out section
              </Link>
              .
            </p>
          </section>
        </div>
      )}
    </Page>
  );
}
