import { expect, it } from 'vitest';
import '../../src/app/zod-config';
import { z } from 'zod';

it('zod loaded after the app set its flag never probes `new Function` (the CSP forbids it) and still parses', () => {
  const RealFunction = globalThis.Function;
  let probed = false;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args: unknown[]) {
      probed = true;
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    expect(z.object({ name: z.string() }).parse({ name: 'Daniel' })).toEqual({ name: 'Daniel' });
  } finally {
    globalThis.Function = RealFunction;
  }
  expect(probed).toBe(false);
  expect(z.config().jitless).toBe(true);
});
