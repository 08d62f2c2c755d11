import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { MESSAGES } from '../../domain/messages';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The unsaved-changes warning of every form (issue 25 "Every form"): while `dirty`, leaving the page in the app
 * asks first (spec §2's "Are you sure you want to leave this page?" with "Any unsaved changes may be lost."), and
 * closing or reloading the tab gets the browser's own question. `saved`: set just before a form navigates away
 * after saving, when the render that clears `dirty` has not happened yet.
 */
export function LeaveGuard({ dirty, saved }: { dirty: boolean; saved?: RefObject<boolean> }) {
  const state = useRef({ dirty, saved });
  state.current = { dirty, saved };
  const leaving = useLeaveGuard(useCallback(() => state.current.dirty && !state.current.saved?.current, []));
  return (
    <ConfirmDialog
      open={leaving.asking}
      title={MESSAGES.leavePageTitle}
      body={MESSAGES.leavePageBody}
      confirmLabel="Leave"
      destructive
      onConfirm={leaving.leave}
      onCancel={leaving.stay}
    />
  );
}

/** After a refused save, the first field in error takes the focus (issue 25 "Every form"). */
export function useFocusFirstError(form: RefObject<HTMLElement | null>, fields: Record<string, string[]>): void {
  useEffect(() => {
    if (!Object.keys(fields).length) return;
    // After the render that marked the fields.
    const frame = requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [form, fields]);
}
