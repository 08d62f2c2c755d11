import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { statusLabel, type HomeTab } from '../../domain/statuses';

/**
 * The status tabs with their counts. When they do not fit (a phone, a narrow tablet) the bar scrolls,
 * and arrow buttons say so; the current tab is scrolled into view.
 */
export function StatusTabs({ tabs, current, counts }: { tabs: HomeTab[]; current: HomeTab; counts?: Partial<Record<HomeTab, number>> }) {
  const bar = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ left: false, right: false });

  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const update = () => setOverflow({ left: el.scrollLeft > 4, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 4 });
    update();
    el.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [current, tabs.length]);

  const scroll = (dir: -1 | 1) => bar.current?.scrollBy({ left: dir * bar.current.clientWidth * 0.7, behavior: 'smooth' });

  return (
    <div className="relative border-b border-slate-200 dark:border-slate-800">
      {overflow.left && (
        <button
          type="button"
          aria-label="Show earlier tabs"
          onClick={() => scroll(-1)}
          className="absolute inset-y-0 left-0 z-10 flex w-9 items-center justify-start bg-gradient-to-r from-slate-50 via-slate-50 to-transparent dark:from-slate-950 dark:via-slate-950"
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
      )}
      <nav ref={bar} aria-label="Dictation status" className="flex gap-1 overflow-x-auto scroll-smooth [scrollbar-width:thin]">
        {tabs.map((t) => {
          const n = counts?.[t];
          const active = t === current;
          return (
            <Link
              key={t}
              to="/{-$tab}"
              params={{ tab: t }}
              aria-current={active ? 'page' : undefined}
              className={`flex shrink-0 items-center gap-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap ${
                active
                  ? 'border-b-2 border-brand-600 text-brand-700 dark:border-emerald-400 dark:text-emerald-300'
                  : 'border-b-2 border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
              }`}
            >
              {statusLabel(t)}
              {n !== undefined && (
                <span
                  className={`min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums ${
                    active
                      ? 'bg-brand-600 text-white dark:bg-emerald-600'
                      : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
                  }`}
                >
                  <span className="sr-only">(</span>
                  {n}
                  <span className="sr-only">)</span>
                </span>
              )}
            </Link>
          );
        })}
      </nav>
      {overflow.right && (
        <button
          type="button"
          aria-label="Show more tabs"
          onClick={() => scroll(1)}
          className="absolute inset-y-0 right-0 z-10 flex w-9 items-center justify-end bg-gradient-to-l from-slate-50 via-slate-50 to-transparent dark:from-slate-950 dark:via-slate-950"
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
      )}
    </div>
  );
}
