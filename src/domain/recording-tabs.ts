import { MAX_RECORDING_TABS } from './limits';
import { MESSAGES } from './messages';

/** Spec §3 "Recording tab" and DESIGN §5. */
export type RecordingTabType = 'record' | 'sr' | 'dmo';

export interface RecordingTab {
  /** 1..4: the Alt+number shortcut and the /record/:tab path. */
  index: number;
  title: string | null;
  type: RecordingTabType;
}

/** sr when the user wants speech recognition and the site has it; dmo for Dragon Medical One; else record. */
export function tabTypeFor(speechRecognition: boolean | undefined, siteSrIntegration: string | null): RecordingTabType {
  if (siteSrIntegration && /dragon|dmo/i.test(siteSrIntegration)) return 'dmo';
  if (speechRecognition && siteSrIntegration) return 'sr';
  return 'record';
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
