import { describe, expect, it } from 'vitest';
import { htmlForVariant } from '../../server/modules/system/spa';
import { pinGate } from '../../server/modules/auth/request-auth';
import { hashSecret, verifySecret } from '../../server/lib/secrets';

const TEMPLATE = `<head><meta name="wardnote-variant" content="plus" /><meta name="theme-color" content="#0b5cab" />
<link rel="manifest" href="/manifest/plus.webmanifest" /><link rel="icon" href="/icons/plus-192.png" /><title>Wardnote+</title></head>`;

describe('index.html by variant', () => {
  it('the scribe host gets its own title, manifest, icons and variant', () => {
    const html = htmlForVariant(TEMPLATE, 'scribe');
    expect(html).toContain('<title>Wardnote Scribe</title>');
    expect(html).toContain('href="/manifest/scribe.webmanifest"');
    expect(html).toContain('/icons/scribe-192.png');
    expect(html).toContain('name="wardnote-variant" content="scribe"');
    expect(html).not.toContain('plus');
  });
  it('the default host keeps the plus variant', () => {
    expect(htmlForVariant(TEMPLATE, 'plus')).toContain('<title>Wardnote+</title>');
  });
});

describe('PIN gate', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('a site without mfa needs no PIN', () => expect(pinGate(false, null, now, 60_000)).toBe('ok'));
  it('an unverified session needs the PIN', () => expect(pinGate(true, null, now, 60_000)).toBe('required'));
  it('a verification inside the window is ok', () => expect(pinGate(true, new Date(now - 59_000), now, 60_000)).toBe('ok'));
  it('a verification past the window has lapsed', () => expect(pinGate(true, new Date(now - 61_000), now, 60_000)).toBe('lapsed'));
});

describe('secret hashing', () => {
  it('verifies the right secret only, and never stores it in clear', async () => {
    const hash = await hashSecret('2468');
    expect(hash).not.toContain('2468');
    expect(await verifySecret('2468', hash)).toBe(true);
    expect(await verifySecret('2469', hash)).toBe(false);
    expect(await hashSecret('2468')).not.toBe(hash);
  });
});

describe('configuration', () => {
  it('treats an empty variable as not set and names a bad one', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
