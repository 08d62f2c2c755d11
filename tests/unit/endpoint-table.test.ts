import { describe, expect, it } from 'vitest';
import { pathOf, type EndpointDef } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import { SYNC_PATHS } from '../../src/domain/contract/paths-sync';

const entries: [string, EndpointDef][] = Object.entries(E);

describe('the endpoint table (issue 24 point 2)', () => {
  it('declares each method and address once', () => {
    const keys = entries.map(([, e]) => `${e.method} ${e.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('gives every address parameter a schema, and only idempotent calls an outbox order', () => {
    for (const [name, e] of entries) {
      const names = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
      if (names.length) expect(e.params, name).toBeDefined();
      if (e.outbox) expect(e.idempotent, name).toBe(true);
    }
  });

  it('agrees with the addresses the service worker keeps without zod', () => {
    const addresses = new Set(entries.map(([, e]) => e.path));
    expect(addresses).toContain(SYNC_PATHS.dictation);
    expect(addresses).toContain('/api/dictation/:id/letter');
    expect(SYNC_PATHS.dictationLetter(7)).toBe(pathOf({ path: '/api/dictation/:id/letter' }, { id: 7 }));
  });

  it('fills an address from its parameters, encoded', () => {
    expect(pathOf({ path: '/api/dictation/:id/versions/:version' }, { id: 7, version: 2 })).toBe('/api/dictation/7/versions/2');
    expect(pathOf({ path: '/api/patients/:id/appointments' }, { id: 'a/b c' })).toBe('/api/patients/a%2Fb%20c/appointments');
    expect(() => pathOf({ path: '/api/dictation/:id' }, {})).toThrow('/api/dictation/:id needs id');
  });
});
