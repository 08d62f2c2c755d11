import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { statusLabel, type HomeTab } from '../../domain/statuses';
import { STATUS_HINTS } from '../../domain/status-hints';
import { useMediaQuery } from '../../lib/use-media-query';

/** The width of the arrow buttons laid over the strip's ends: a tab under one is not in view. */
const ARROW_ROOM = 40;

/**
 * Scrolls the strip so the current tab is wholly in view, clear of the arrow buttons (issue 23: on a ward
 * tablet it could sit past the edge or under an arrow). Only the strip scrolls, never the page.
 */
function revealCurrent(strip: HTMLElement) {
  const tab = strip.querySelector<HTMLElement>('[aria-current="page"]');
  if (!tab) return;
  const s = strip.getBoundingClientRect();
  const t = tab.getBoundingClientRect();
  const start = t.left - s.left + strip.scrollLeft;
  const end = start + t.width;
  const room = strip.scrollWidth > strip.clientWidth ? ARROW_ROOM : 0;
  if (start - room < strip.scrollLeft) strip.scrollTo({ left: Math.max(0, start - room), behavior: 'instant' });
  else if (end + room > strip.scrollLeft + strip.clientWidth) strip.scrollTo({ left: end + room - strip.clientWidth, behavior: 'instant' });
}

interface Props {
  tabs: HomeTab[];
  current: HomeTab;
  counts?: Partial<Record<HomeTab, number>>;
  /** A tab's name for this user (workflow.ts `homeTabLabel`). */
  labelOf?: (tab: HomeTab) => string;
}

/**
 * The status tabs with their counts. When they do not fit (a narrow tablet) the bar scrolls, arrow buttons
 * say so, and the current tab is kept in view. On a phone, where two of eight would show, one select lists
 * every status with its count (issue 23).
 */
export function StatusTabs(props: Props) {
  const phone = !useMediaQuery('(min-width: 640px)');
  // Two tabs fit a phone's width (an external typist has one): the strip stays.
  return (
    <>
      {phone && props.tabs.length > 2 ? <StatusSelect {...props} /> : <StatusStrip {...props} />}
      <p className="px-1 pt-2 text-sm text-slate-600 dark:text-slate-400">{STATUS_HINTS[props.current]}</p>
    </>
  );
}

function StatusSelect({ tabs, current, counts, labelOf = statusLabel }: Props) {
  const navigate = useNavigate();
  return (
    <label className="relative block">
      <span className="sr-only">Dictation status</span>
      <select
        value={current}
        onChange={(e) => void navigate({ to: '/{-$tab}', params: { tab: e.target.value } })}
        className="min-h-11 w-full appearance-none rounded-lg border border-slate-300 bg-white py-2 pr-10 pl-3 text-base font-medium text-brand-700 dark:border-slate-600 dark:bg-slate-800 dark:text-emerald-300"
      >
        {tabs.map((t) => {
          const n = counts?.[t];
          return (
            <option key={t} value={t}>
              {labelOf(t)}
              {n !== undefined ? ` (${n})` : ''}
            </option>
          );
        })}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-600 dark:text-slate-300"
      />
    </label>
  );
}

function StatusStrip({ tabs, current, counts, labelOf = statusLabel }: Props) {
  const bar = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ left: false, right: false });
  // The counts widen the tabs when they arrive, which can push the current one out of view again.
  const countsKey = tabs.map((t) => counts?.[t] ?? '').join();

  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const update = () => setOverflow({ left: el.scrollLeft > 4, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 4 });
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(() => {
      update();
      revealCurrent(el);
    });
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [tabs.length]);

  useLayoutEffect(() => {
    if (bar.current) revealCurrent(bar.current);
  }, [current, countsKey]);

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
              title={STATUS_HINTS[t]}
              className={`flex shrink-0 items-center gap-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap ${
                active
                  ? 'border-b-2 border-brand-600 text-brand-700 dark:border-emerald-400 dark:text-emerald-300'
                  : 'border-b-2 border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
              }`}
            >
              {labelOf(t)}
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
