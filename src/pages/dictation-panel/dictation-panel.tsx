import { useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Lock, X } from 'lucide-react';
import type { Dictation } from '../../domain/contract';
import { formatPatientName } from '../../domain/display-format';
import { MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/auth/use-session';
import { useDictation } from '../../features/dictation-view';
import { SidePanel } from '../dictation-page/side-panel';
import { AuditTab, CommentsTab } from '../dictation-page/activity-tabs';
import { VersionsTab } from '../../features/letter-editor';
import { AttachmentsTab } from '../../features/attachments';
import { DeliverySlot, hasDeliveries } from '../../features/letters-out';
import { StatusBadge, UrgentBadge } from '../../components/ui/badges';

export interface DictationPanelProps {
  dictationId: number;
  /** Escape, the close button or a click outside; the caller puts the focus back where it was. */
  onClose: () => void;
  /** The assigned typist's name when the caller knows it (a list row does): the dictation itself names only the id. */
  assignee?: string | null;
}

/**
 * The detail side panel (spec §2): who, what and where a dictation is, with its comments, audit trail,
 * versions, attachments and (once approved) deliveries, for a dictation the user may see but not open (spec §4). A full-screen
 * sheet on a phone, a right-hand drawer from tablet width up. Used by the work queue, and by the
 * global search and the notifications (load it through ./index, lazily).
 */
export function DictationPanel({ dictationId, onClose, assignee }: DictationPanelProps) {
  const { data: d, error, isPending } = useDictation(dictationId);
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="fixed inset-0 z-50 bg-slate-900/40">
      <Modal className="fixed inset-0 flex flex-col bg-white shadow-xl outline-none sm:left-auto sm:w-[30rem] sm:max-w-[90vw] dark:bg-slate-900">
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <header className="flex items-start justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-600 uppercase dark:text-slate-400">Dictation details</p>
              <Heading slot="title" className="font-mono text-lg font-semibold">
                {d?.reference ?? 'Dictation'}
              </Heading>
            </div>
            <Button tone="ghost" aria-label="Close the details" onPress={onClose} className="-m-1 !min-h-11 !px-2">
              <X aria-hidden className="size-5" />
            </Button>
          </header>
          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-4">
            {isPending && <p className="text-sm">Loading…</p>}
            {!isPending && (error || !d) && <Alert>{error?.message ?? MESSAGES.errorFetching}</Alert>}
            {d && <PanelBody d={d} assignee={assignee} />}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function PanelBody({ d, assignee }: { d: Dictation; assignee?: string | null }) {
  const [tab, setTab] = useState('comments');
  return (
    <>
      <Summary d={d} assignee={assignee} />
      <SidePanel
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'comments', title: 'Comments', content: <CommentsTab d={d} /> },
          { id: 'audit', title: 'Audit trail', content: <AuditTab d={d} /> },
          { id: 'versions', title: 'Versions', content: <VersionsTab dictationId={d.id} /> },
          { id: 'attachments', title: 'Attachments', content: <AttachmentsTab d={d} /> },
          ...(hasDeliveries(d) ? [{ id: 'delivery', title: 'Delivery', content: <DeliverySlot d={d} /> }] : []),
        ]}
      />
    </>
  );
}

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
    <dd className="truncate text-sm font-medium">{children}</dd>
  </div>
);

function Summary({ d, assignee }: { d: Dictation; assignee?: string | null }) {
  const { profile } = useSession();
  const assigned = !d.assigned_to
    ? 'Nobody yet'
    : (assignee ?? (d.assigned_to.user_id === profile?.id ? 'You' : 'A typist (name not shown here)'));
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={d.status} />
        {d.urgent === 'HIGH' && <UrgentBadge />}
        {d.is_confidential && (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
            <Lock aria-hidden className="size-3.5" />
            Confidential
          </span>
        )}
      </p>
      {d.return_reason && (
        <p className="rounded-lg bg-orange-50 p-2 text-sm text-orange-900 ring-1 ring-orange-200 dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-800">
          {MESSAGES.returnedNoName(d.return_reason)}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <Field label="Author">{d.user.full_name}</Field>
        <Field label="Department">{d.department ? <abbr title={d.department.name}>{d.department.code}</abbr> : '–'}</Field>
        <Field label="Patient">{formatPatientName(d.patient.patient_first_name, d.patient.patient_last_name) || 'No patient name'}</Field>
        <Field label="Assigned to">{assigned}</Field>
      </dl>
    </div>
  );
}
