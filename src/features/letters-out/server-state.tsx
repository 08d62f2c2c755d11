import type { ReactNode } from 'react';
import { PAGE_MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { HttpError } from '../../lib/api/errors';
import { useOnline } from '../../lib/use-online';

interface Props {
  isPending: boolean;
  error: unknown;
  hasData: boolean;
  children: ReactNode;
}

/**
 * These lists are the server's and are not kept on the device: offline (or the server out of reach) they
 * say so in words; the last answer, when there is one, stays shown under the notice.
 */
export function ServerState({ isPending, error, hasData, children }: Props) {
  const online = useOnline();
  const unreachable = !online || (error instanceof HttpError && error.isNetwork);
  return (
    <>
      {unreachable && <Alert tone="info">{PAGE_MESSAGES.lettersOutOffline}</Alert>}
      {!unreachable && error != null && !hasData && <Alert>{error instanceof Error ? error.message : 'Error fetching your request'}</Alert>}
      {isPending && online && !error && <p className="py-4 text-sm text-slate-600 dark:text-slate-400">Loading…</p>}
      {hasData && children}
    </>
  );
}
