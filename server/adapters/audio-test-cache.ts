import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AudioTools } from './audio';

/**
 * Tests only (TEST_AUDIO_CACHE_DIR; a production start never sets it): every browser-test server seeds the
 * same demo clips, so a conversion and its measurement are kept under the hash of the file's bytes and each
 * clip is converted once per run instead of once per dictation per server. Same input bytes, same output.
 */
export function withTestConversionCache(tools: AudioTools, dir: string | undefined): AudioTools {
  if (!dir) return tools;
  const digest = async (file: string) =>
    createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  /** Written beside, then renamed: a server reading the cache never sees half a file. */
  const keep = async (target: string, write: (tmp: string) => Promise<void>) => {
    await mkdir(dir, { recursive: true });
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await write(tmp);
    await rename(tmp, target);
  };
  return {
    ...tools,
    async transcode(input, output) {
      const cached = path.join(dir, `${await digest(input)}.m4a`);
      try {
        await copyFile(cached, output);
        return;
      } catch {
        // Not converted yet in this run.
      }
      await tools.transcode(input, output);
      await keep(cached, (tmp) => copyFile(output, tmp));
    },
    async peaks(input, buckets = 800) {
      const cached = path.join(dir, `${await digest(input)}.${buckets}.peaks.json`);
      const hit = await readFile(cached, 'utf8').then(
        (text) => JSON.parse(text) as Awaited<ReturnType<AudioTools['peaks']>>,
        () => null,
      );
      if (hit) return hit;
      const measured = await tools.peaks(input, buckets);
      await keep(cached, (tmp) => writeFile(tmp, JSON.stringify(measured)));
      return measured;
    },
  };
}
