import { MAX_RECORDING_TABS } from './limits';
import { MESSAGES } from './messages';
import type { RecordingTabType } from './recording-tab-type';

// The record route's options (loaded with the app) import recording-tab-type.ts itself, not this module
// and the message catalogue it brings (issue 8).
export { tabTypeFor, type RecordingTabType } from './recording-tab-type';

export interface RecordingTab {
  /** 1..4: the Alt+number shortcut and the /record/:tab path. */
  index: number;
  title: string | null;
  type: RecordingTabType;
}

export function tabLabel(tab: RecordingTab): string {
  return tab.title?.trim() || `Recording (${tab.index})`;
}

/** The lowest free index, or the spec's message when all four are open. */
export function nextTabIndex(open: readonly RecordingTab[]): { index: number } | { error: string } {
  for (let i = 1; i <= MAX_RECORDING_TABS; i++) if (!open.some((t) => t.index === i)) return { index: i };
  return { error: MESSAGES.maxTabs };
}

/** An edited title: empty reverts to the previous one (spec §2 Tab bar). */
export function commitTitle(previous: string | null, edited: string): string | null {
  const t = edited.trim();
  return t ? t.slice(0, 80) : previous;
}
