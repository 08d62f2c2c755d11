import { useState } from 'react';
import { Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { RULES, satisfies } from '../../domain/access';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { useSession } from '../../lib/auth/use-session';
import { useCreatePrintLink } from './api/print-link';

/**
 * "Print link" (issue 13): a Secretary or Manager copies a link that opens this letter's PDF for printing
 * for 5 minutes, without signing in (a print room's browser, a headless printer). When the clipboard is
 * not available the link is shown to copy by hand.
 */
export function PrintLinkButton({ dictationId }: { dictationId: number }) {
  const { subject } = useSession();
  const [link, setLink] = useState<string | null>(null);
  const creating = useCreatePrintLink(dictationId);
  if (!subject || !satisfies(subject, RULES.distribution)) return null;

  const make = async () => {
    try {
      const url = await creating.mutateAsync();
      setLink(url);
      try {
        await navigator.clipboard.writeText(url);
        toast.success(PAGE_MESSAGES.printLinkCopied);
      } catch {
        toast.info(PAGE_MESSAGES.printLinkCopyFailed);
      }
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MESSAGES.errorFetching);
    }
  };

  return (
    <>
      <Button tone="secondary" className="!px-3" isDisabled={creating.isPending} onPress={() => void make()}>
        <Link2 aria-hidden className="hidden size-4 sm:block" />
        Print link
      </Button>
      {link && (
        <input
          readOnly
          aria-label="Print link"
          data-testid="print-link"
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="col-span-2 w-full rounded-lg border border-slate-300 px-2 py-1 text-xs sm:w-64 dark:border-slate-700 dark:bg-slate-900"
        />
      )}
    </>
  );
}
