/**
 * The sign-in form the server puts in the page before the app's JavaScript has run (issue 8: the form
 * shows as soon as the HTML arrives; src/prerender/sign-in.tsx renders it from the app's own LoginPage
 * at build time). Its button stays disabled: nothing is sent before the app has taken over. The app's
 * form takes over what was typed there, the field the user was in and the cursor, in the same task in
 * which it appears, so no keystroke is lost and no frame shows two forms or none.
 */
export const PRERENDERED_SIGN_IN_ID = 'sign-in-prerendered';

const container = () => (typeof document === 'undefined' ? null : document.getElementById(PRERENDERED_SIGN_IN_ID));

/** Any other page than sign-in: the pre-rendered form goes (a signed-in user sent on from /login). */
export function removePrerenderedSignIn(): void {
  container()?.remove();
}

/**
 * Moves the values typed into the pre-rendered form into `form` (each field by name, through `set` so
 * the app's state holds them), gives the focused field's focus and selection to its twin, then removes
 * the pre-rendered form. Call from a layout effect of the component that renders `form`.
 */
export function adoptPrerenderedSignIn(form: HTMLFormElement, set: Record<string, (value: string) => void>): void {
  const pre = container();
  if (!pre) return;
  const focused =
    document.activeElement instanceof HTMLInputElement && pre.contains(document.activeElement) ? document.activeElement : null;
  const selection = focused ? { start: focused.selectionStart, end: focused.selectionEnd } : null;
  for (const input of Array.from(pre.querySelectorAll('input'))) {
    const twin = form.elements.namedItem(input.name);
    if (!input.value || !(twin instanceof HTMLInputElement) || !set[input.name]) continue;
    twin.value = input.value; // at once, so the selection below lands in the text; React's state follows
    set[input.name]!(input.value);
  }
  pre.remove();
  const twin = focused ? form.elements.namedItem(focused.name) : null;
  if (twin instanceof HTMLInputElement) {
    twin.focus();
    // Password and e-mail inputs have no selection API in some engines: the caret then goes to the end.
    try {
      if (selection?.start != null) twin.setSelectionRange(selection.start, selection.end ?? selection.start);
    } catch {
      /* not supported for this input type */
    }
  }
}
