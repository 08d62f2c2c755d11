import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers DESIGN §2 draws are held by lint (eslint.config.js): each case is a file as someone might write
 * it, linted at its place in the tree, and the rule that must refuse it.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cache: false });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it("refuses a feature reaching into another feature's internals, and accepts its index", async () => {
    expect(await problems('src/features/live/probe.ts', "export { worklistKeys } from '../worklist/api/keys';\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*through its index\.ts/),
    ]);
    expect(await problems('src/features/live/probe.ts', "export { worklistKeys } from '../worklist';\n")).toEqual([]);
  });

  it('refuses upward imports: domain from lib, lib from a feature, a feature from a page or the app', async () => {
    expect(await problems('src/domain/probe.ts', "export { session } from '../lib/auth/session';\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*domain is pure/),
    ]);
    expect(await problems('src/lib/probe.ts', "export { unsubscribeFromPush } from '../features/push';\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*lib sits under/),
    ]);
    expect(await problems('src/features/auth/probe.ts', "export { installSessionEffects } from '../../app/session-effects';\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports a page, a route or the app/),
    ]);
    expect(await problems('src/pages/probe.ts', "export { StatusTabs } from '../features/worklist/status-tabs';\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*through their index\.ts/),
    ]);
  });

  it('refuses a server module importing client code other than src/domain', async () => {
    expect(await problems('server/probe.ts', "export { session } from '../src/lib/auth/session';\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*only src\/domain/),
    ]);
    expect(await problems('server/probe.ts', "export { MESSAGES } from '../src/domain/messages';\n")).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // session.ts imports session-hint.ts: session-hint importing session back closes a cycle.
    expect(await problems('src/lib/auth/session-hint.ts', "export { session } from './session';\n")).toEqual([
      expect.stringMatching(/^import-x\/no-cycle:/),
    ]);
  });
});
