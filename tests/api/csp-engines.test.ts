import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** CSP directives that Chromium, Firefox and WebKit (Safari, every iPad browser) all recognise. */
const UNDERSTOOD_EVERYWHERE = new Set([
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'media-src',
  'font-src',
  'connect-src',
  'worker-src',
  'object-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
]);

describe('Content-Security-Policy every engine understands (issue 9 §4)', () => {
  it('names only directives all three engines know (WebKit warned about manifest-src on every load)', async () => {
    for (const path of ['/api/health', '/login']) {
      const csp = (await t.call('GET', path)).headers['content-security-policy'] as string;
      const names = csp.split(';').map((d) => d.trim().split(/\s+/)[0]!);
      expect(names.filter((n) => !UNDERSTOOD_EVERYWHERE.has(n))).toEqual([]);
      // The manifest is still limited to this origin: default-src covers it.
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
    }
  });
});
