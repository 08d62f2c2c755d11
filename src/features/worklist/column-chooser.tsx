import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { toast } from 'sonner';
import { Columns3 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/alert';
import { FILE_COLUMNS, PATIENT_COLUMNS, checkColumnChoice, type ListColumn } from '../../domain/list-columns';
import { InheritedNote, useInheritedSetting, useSavePreference } from '../preferences';
import { COLUMNS } from './columns';

/** Chooses the list's columns (at least five, spec §5), saved in the profile so every device shows them. */
export function ColumnChooser({ userId, current }: { userId: number; current: ListColumn[] }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Set<ListColumn>>(new Set(current));
  const [tooFew, setTooFew] = useState<string | null>(null);
  const saving = useSavePreference(userId, 'The columns could not be saved. Try again.');
  const error = tooFew ?? saving.error;
  const inherited = useInheritedSetting('columns');
  const locked = inherited?.locked ?? false;

  const start = () => {
    setChosen(new Set(current));
    setTooFew(null);
    saving.reset();
    setOpen(true);
  };
  const toggle = (c: ListColumn) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(c)) next.delete(c);
      else next.add(c);
      return next;
    });

  function save() {
    const ordered = [...FILE_COLUMNS, ...PATIENT_COLUMNS].filter((c) => chosen.has(c));
    const checked = checkColumnChoice(ordered);
    setTooFew(checked.ok ? null : checked.message);
    if (!checked.ok) return;
    saving.save({ columns: checked.columns }, () => {
      setOpen(false);
      toast.success('Columns saved.');
    });
  }

  const group = (title: string, columns: readonly ListColumn[]) => (
    <fieldset className="mt-4">
      <legend className="text-sm font-semibold">{title}</legend>
      <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1">
        {columns.map((c) => (
          <label key={c} className="flex min-h-9 items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={chosen.has(c)} disabled={locked} onChange={() => toggle(c)} />
            {COLUMNS[c].label}
          </label>
        ))}
      </div>
    </fieldset>
  );

  return (
    <>
      <Button tone="secondary" onPress={start}>
        <Columns3 aria-hidden className="size-4" /> Columns
      </Button>
      <ModalOverlay
        isOpen={open}
        onOpenChange={setOpen}
        isDismissable
        className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"
      >
        <Modal className="max-h-[90dvh] w-full max-w-lg overflow-y-auto rounded-xl bg-white p-6 shadow-xl dark:bg-slate-800">
          <Dialog className="outline-none" aria-label="Choose columns">
            <Heading slot="title" className="text-lg font-semibold">
              Choose columns
            </Heading>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Reference, status, urgency, confidential and mobile marks are always shown. {chosen.size} chosen.
            </p>
            {group(
              'Dictation',
              FILE_COLUMNS.filter((c) => c !== 'reference' && c !== 'status'),
            )}
            {group('Patient', PATIENT_COLUMNS)}
            <InheritedNote id="columns-source" setting={inherited} userId={userId} />
            {error && (
              <div className="mt-4">
                <Alert>{error}</Alert>
              </div>
            )}
            <div className="mt-6 flex justify-end gap-3">
              <Button tone="secondary" onPress={() => setOpen(false)}>
                Cancel
              </Button>
              <Button onPress={save} isDisabled={saving.saving || locked}>
                Save columns
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
