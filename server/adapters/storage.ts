import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An inclusive byte range, as HTTP Range requests give them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where dictation audio is kept: the file system under DATA_DIR/files (the embedded default) or an
 * S3-compatible bucket (`s3-storage.ts`). Keys are relative paths made by the server, never by a user.
 */
export interface AudioStorage {
  /** Copies a local file in under `key`; returns the stored size in bytes. */
  putFile(source: string, key: string): Promise<number>;
  /** Runs `use` with a local path holding the object: the file itself, or a temporary copy that is removed afterwards. */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /** The size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  remove(key: string): Promise<void>;
}

/** Local scratch space for files ffmpeg reads or writes, whichever storage keeps the audio. */
export function createScratch(dir: string) {
  return {
    async file(suffix: string): Promise<string> {
      await mkdir(dir, { recursive: true });
      return path.join(dir, `${randomUUID()}${suffix}`);
    },
    /** Runs `use` with a fresh scratch path and removes whatever was written there afterwards. */
    async with<T>(suffix: string, use: (file: string) => Promise<T>): Promise<T> {
      const file = await this.file(suffix);
      try {
        return await use(file);
      } finally {
        await rm(file, { force: true });
      }
    },
    /** Runs `use` with a temporary local copy of what `open` streams (an object in a bucket), removed afterwards. */
    withCopyOf<T>(suffix: string, open: () => Promise<Readable>, use: (file: string) => Promise<T>): Promise<T> {
      return this.with(suffix, async (file) => {
        await pipeline(await open(), createWriteStream(file));
        return use(file);
      });
    },
  };
}

export type Scratch = ReturnType<typeof createScratch>;

export function createFileStorage(root: string): AudioStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the storage root');
    return full;
  };
  return {
    async putFile(source, key) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(source, target);
      return (await stat(target)).size;
    },
    withLocalFile: (key, use) => use(resolve(key)),
    async size(key) {
      const s = await stat(resolve(key)).catch(() => null);
      return s?.isFile() ? s.size : null;
    },
    async read(key, range) {
      return createReadStream(resolve(key), range);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
