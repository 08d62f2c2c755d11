import { Globe, Hospital } from 'lucide-react';
import { PAGE_MESSAGES } from '../../../domain/messages';

/** Who an article is for: every trust, or one trust (named). */
export function ScopeBadge({ trust }: { trust: { id: number; name: string } | null }) {
  return trust === null ? (
    <span className="inline-flex items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      <Globe aria-hidden className="size-3" />
      {PAGE_MESSAGES.kbGlobalBadge}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
      <Hospital aria-hidden className="size-3" />
      {trust.name}
    </span>
  );
}
