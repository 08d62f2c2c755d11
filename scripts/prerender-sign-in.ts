/**
 * `node --import tsx scripts/prerender-sign-in.ts <plus|scribe>`: prints the pre-rendered sign-in form of
 * that variant (src/prerender/sign-in.tsx). One process per variant: the app reads its variant once, on
 * import, from the page's meta tag, which this stubs; IndexedDB is stubbed as never answering, so the
 * session module's start-up read simply never ends in this short-lived process.
 */
const variant = process.argv[2];
export {};
if (variant !== 'plus' && variant !== 'scribe') throw new Error('usage: prerender-sign-in.ts plus|scribe');
Object.assign(globalThis, {
  document: { querySelector: () => ({ content: variant }) },
  indexedDB: { open: () => ({}) },
});
const { signInMarkup } = await import('../src/prerender/sign-in');
process.stdout.write(await signInMarkup());
process.exit(0);
