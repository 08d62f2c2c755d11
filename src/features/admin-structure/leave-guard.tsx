import { useEffect, type RefObject } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { MESSAGES } from '../../domain/messages';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/**
 * The unsaved-changes warning (issue 25 "Every form"): while `dirty`, leaving the page in the app asks
 * first (spec §2's "Are you sure you want to leave this page?" with "Any unsaved changes may be lost."),
 * and closing or reloading the tab gets the browser's own question.
 */
export function LeaveGuard({ dirty, saved }: { dirty: boolean; saved?: RefObject<boolean> }) {
  // `saved`: set just before the form navigates away after saving, when the render that clears `dirty` has not happened yet.
  const blocks = () => dirty && !saved?.current;
  const blocker = useBlocker({ shouldBlockFn: blocks, enableBeforeUnload: blocks, withResolver: true });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title={MESSAGES.leavePageTitle}
      body={MESSAGES.leavePageBody}
      confirmLabel="Leave"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
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
