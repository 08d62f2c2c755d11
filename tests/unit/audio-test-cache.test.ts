import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AudioTools } from '../../server/adapters/audio';
import { withTestConversionCache } from '../../server/adapters/audio-test-cache';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'audio-cache-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Tools whose "conversion" writes the input reversed, counting each real run. */
function countingTools() {
  const runs = { transcode: 0, peaks: 0 };
  const tools = {
    async transcode(input: string, output: string) {
      runs.transcode++;
      writeFileSync(output, Buffer.from(readFileSync(input)).reverse());
    },
    async peaks(input: string) {
      runs.peaks++;
      return { durationMs: readFileSync(input).length, peaks: [0.5] };
    },
  } as unknown as AudioTools;
  return { tools, runs };
}

describe('the test servers’ conversion cache', () => {
  it('converts the same bytes once, even under another name, and gives the same output and measurement', async () => {
    const work = tempDir();
    const { tools, runs } = countingTools();
    const cached = withTestConversionCache(tools, path.join(work, 'cache'));
    writeFileSync(path.join(work, 'a.ogg'), 'clip-one');
    writeFileSync(path.join(work, 'b.ogg'), 'clip-one');
    await cached.transcode(path.join(work, 'a.ogg'), path.join(work, 'a.m4a'));
    await cached.transcode(path.join(work, 'b.ogg'), path.join(work, 'b.m4a'));
    expect(runs.transcode).toBe(1);
    expect(readFileSync(path.join(work, 'b.m4a'), 'utf8')).toBe('eno-pilc');
    expect(await cached.peaks(path.join(work, 'a.m4a'))).toEqual({ durationMs: 8, peaks: [0.5] });
    expect(await cached.peaks(path.join(work, 'b.m4a'))).toEqual({ durationMs: 8, peaks: [0.5] });
    expect(runs.peaks).toBe(1);
  });

  it('converts different bytes separately', async () => {
    const work = tempDir();
    const { tools, runs } = countingTools();
    const cached = withTestConversionCache(tools, path.join(work, 'cache'));
    writeFileSync(path.join(work, 'a.ogg'), 'clip-one');
    writeFileSync(path.join(work, 'b.ogg'), 'clip-two');
    await cached.transcode(path.join(work, 'a.ogg'), path.join(work, 'a.m4a'));
    await cached.transcode(path.join(work, 'b.ogg'), path.join(work, 'b.m4a'));
    expect(runs.transcode).toBe(2);
    expect(readFileSync(path.join(work, 'b.m4a'), 'utf8')).toBe('owt-pilc');
  });

  it('is not there unless a directory is configured: production converts every file', () => {
    const { tools } = countingTools();
    expect(withTestConversionCache(tools, undefined)).toBe(tools);
  });
});
