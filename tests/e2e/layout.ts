import type { Page } from '@playwright/test';

/**
 * Layout checks of issue 23 ("Layout on a ward tablet and a phone"), measured as a user sees the screen.
 */

/** Whether the current status tab is wholly in view: inside its strip and not under the strip's arrow buttons. */
export async function activeTabInView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Dictation status"]');
    const tab = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !tab) return false;
    const n = nav.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    if (t.width === 0 || t.left < n.left - 0.5 || t.right > n.right + 0.5) return false;
    const y = t.top + t.height / 2;
    // What a finger or a pointer reaches at both ends of the tab is the tab itself, not an arrow over it.
    return [t.left + 2, t.right - 2].every((x) => tab.contains(document.elementFromPoint(x, y)));
  });
}

/**
 * The chosen text of each filter select that does not fit in its box (cut off): the select is narrower than
 * a select of the same style holding only that text at its natural width (less a pixel and a half of rounding).
 */
export async function truncatedSelects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const select of Array.from(document.querySelectorAll<HTMLSelectElement>('[role="group"][aria-label="Filters"] select'))) {
      const text = select.selectedOptions[0]?.text ?? '';
      const natural = document.createElement('select');
      natural.className = select.className;
      natural.style.cssText = 'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none;field-sizing:fixed';
      natural.append(new Option(text));
      select.parentElement!.append(natural);
      if (select.getBoundingClientRect().width + 1.5 < natural.getBoundingClientRect().width) cut.push(text);
      natural.remove();
    }
    return cut;
  });
}
