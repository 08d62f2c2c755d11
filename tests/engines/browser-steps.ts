/**
 * What the smoke suite does inside the page, as plain JavaScript source (run through WebDriver BiDi or
 * WebDriver classic, so it must not depend on the test runner's transpiler). Each is an async function.
 */
export const STEPS = {
  /** Fills a React-controlled input or select and tells React. */
  fill: `async (selector, value) => {
    const el = document.querySelector(selector);
    if (!el) throw new Error('no ' + selector);
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    return true;
  }`,
  /**
   * Clicks the first enabled button whose text starts with the given words, waiting up to 10 s for it: on
   * a slow machine the prerendered sign-in button is still disabled until the app has started.
   */
  clickButton: `async (text) => {
    const until = Date.now() + 10000;
    for (;;) {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent.trim().startsWith(text) && !x.disabled);
      if (b) {
        b.click();
        return true;
      }
      if (Date.now() > until) throw new Error('no button ' + text);
      await new Promise((r) => setTimeout(r, 100));
    }
  }`,
  /** The text of the first element matching the selector, or null. */
  text: `async (selector) => { const el = document.querySelector(selector); return el ? el.textContent : null; }`,
  path: `async () => location.pathname`,
  bodyText: `async () => document.body.innerText.slice(0, 1500)`,
  /** Chooses the option of a select whose text starts with the given words; returns its value. */
  choose: `async (selector, text) => {
    const el = document.querySelector(selector);
    const opt = el && [...el.options].find((o) => o.textContent.startsWith(text));
    if (!opt) throw new Error('no option ' + text);
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(el, opt.value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return opt.value;
  }`,
  sleep: `async (ms) => { await new Promise((r) => setTimeout(r, ms)); return true; }`,
  controlled: `async () => { await navigator.serviceWorker.ready; return !!navigator.serviceWorker.controller; }`,
  /** Seeks the local player and reports what it knows. */
  seek: `async (to) => {
    let a = document.querySelector('audio');
    const until = Date.now() + 20000;
    while (!(a && Number.isFinite(a.duration) && a.duration > 0)) {
      a = document.querySelector('audio');
      if (Date.now() > until) {
        throw new Error('the player has no finite length: ' + JSON.stringify(a && { duration: String(a.duration), readyState: a.readyState, error: a.error && a.error.message, src: a.src.slice(0, 40) }));
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => { a.addEventListener('seeked', r, { once: true }); a.currentTime = to; });
    await new Promise((r) => setTimeout(r, 300));
    return { duration: a.duration, currentTime: a.currentTime, shown: document.querySelector('[data-testid=playback-position]').textContent };
  }`,
  /** The recording the page holds: its id (the server's client_id) and our clock's length. */
  recording: `async () => new Promise((resolve, reject) => {
    const req = indexedDB.open('wardnote');
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const all = req.result.transaction('recordings').objectStore('recordings').getAll();
      all.onsuccess = () => { const r = all.result[0]; req.result.close(); resolve(r ? { id: r.id, durationMs: r.durationMs, mimeType: r.mimeType, state: r.state } : null); };
    };
  })`,
  outboxCount: `async () => new Promise((resolve) => {
    const req = indexedDB.open('wardnote');
    req.onsuccess = () => {
      const c = req.result.transaction('outbox').objectStore('outbox').count();
      c.onsuccess = () => { req.result.close(); resolve(c.result); };
    };
  })`,
} as const;

export type StepName = keyof typeof STEPS;
