import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where dictation audio is kept. The embedded default is the file system under DATA_DIR/files;
 * keys are relative paths made by the server, never by a user.
 */
export function createFileStorage(root: string) {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the storage root');
    return full;
  };
  return {
    root,
    pathOf: resolve,
    async importFile(source: string, key: string): Promise<number> {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(source, target);
      return (await stat(target)).size;
    },
    async ensureDirFor(key: string): Promise<string> {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      return target;
    },
    async remove(key: string): Promise<void> {
      await rm(resolve(key), { force: true });
    },
  };
}

export type FileStorage = ReturnType<typeof createFileStorage>;
