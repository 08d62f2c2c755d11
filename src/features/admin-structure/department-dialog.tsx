import { useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { toast } from 'sonner';
import { departmentCreateSchema, departmentUpdateSchema, type Department } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AppDialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { useCreateDepartment, useUpdateDepartment } from './api';
import { LeaveGuard, useFocusFirstError } from '../../components/ui/leave-guard';

/** Add a department, or rename one and change its code: one form, checked by the shared schema first. */
export function DepartmentDialog({ trustId, editing, onClose }: { trustId: number; editing: Department | null; onClose: () => void }) {
  const [name, setName] = useState(editing?.name ?? '');
  const [code, setCode] = useState(editing?.code ?? '');
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const form = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, form.fields);
  const dirty = name !== (editing?.name ?? '') || code !== (editing?.code ?? '');

  async function submit() {
    if (editing) {
      const patch = { ...(name !== editing.name ? { name } : {}), ...(code !== editing.code ? { code } : {}) };
      if (!Object.keys(patch).length) return onClose();
      await form.runChecked(departmentUpdateSchema, patch, async () => {
        const saved = await update.mutateAsync({ id: editing.id, patch });
        toast.success(PAGE_MESSAGES.departmentSaved(saved.name));
        onClose();
      });
    } else {
      const input = { trust_id: trustId, name, code };
      await form.runChecked(departmentCreateSchema, input, async () => {
        const made = await create.mutateAsync(input);
        toast.success(PAGE_MESSAGES.departmentAdded(made.name));
        onClose();
      });
    }
  }

  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title={editing ? `Edit ${editing.name}` : 'Add a department'}>
      <LeaveGuard dirty={dirty && !form.busy} />
      <Form
        ref={ref}
        aria-label={editing ? `Edit ${editing.name}` : 'Add a department'}
        className="flex flex-col gap-4"
        validationErrors={form.fields}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {form.error && <Alert>{form.error}</Alert>}
        <TextField name="name" label="Name" value={name} onChange={setName} autoFocus description="As users see it: Cardiology." />
        <TextField
          name="code"
          label="Code"
          value={code}
          onChange={setCode}
          description="A short code shown beside the name on dictations, such as CAR. Kept in capitals."
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button tone="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={form.busy}>
            {form.busy ? 'Saving…' : editing ? 'Save' : 'Add department'}
          </Button>
        </div>
      </Form>
    </AppDialog>
  );
}
