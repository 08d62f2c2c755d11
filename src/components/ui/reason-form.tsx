import { Button } from './button';

/**
 * A reason asked before an action that needs one (return, hand back, send anyway): a required text with
 * the spec's 2,000-character limit, Cancel, and the action's button, enabled once something is typed.
 * The caller keeps the text (`reason`), so a reason typed for an action that then fails is still there.
 */
export function ReasonForm({
  id,
  label,
  action,
  reason,
  onReasonChange,
  onCancel,
  onSubmit,
}: {
  id: string;
  label: string;
  action: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  onCancel: () => void;
  /** With the trimmed reason, never empty. */
  onSubmit: (reason: string) => void;
}) {
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const why = reason.trim();
        if (why) onSubmit(why);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        required
        maxLength={2000}
        rows={3}
        value={reason}
        onChange={(e) => onReasonChange(e.target.value)}
        className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <div className="flex justify-end gap-2">
        <Button tone="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={!reason.trim()}>
          {action}
        </Button>
      </div>
    </form>
  );
}
