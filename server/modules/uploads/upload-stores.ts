import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { s3ClientConfig, type S3Settings } from '../../adapters/s3-storage';
import type { Scratch } from '../../adapters/storage';

/** Where tus keeps uploads in progress, and what the finalise call and the day-old sweep need of it. */
export interface KeptUploads {
  datastore: FileStore | S3Store;
  withFile<T>(uploadId: string, use: (file: string) => Promise<T>): Promise<T>;
  listUploads(): Promise<{ id: string; createdAt: number }[]>;
  /** Everything kept for an upload, including what the datastore's own remove leaves behind. */
  removeAll(uploadId: string): Promise<void>;
}

export function fileUploads(directory: string): KeptUploads {
  const datastore = new FileStore({ directory });
  return {
    datastore,
    withFile: (uploadId, use) => use(path.join(directory, uploadId)),
    async listUploads() {
      const names = await readdir(directory).catch(() => [] as string[]);
      return Promise.all(
        names
          .filter((n) => n.endsWith('.json'))
          .map(async (name) => {
            const info = JSON.parse(await readFile(path.join(directory, name), 'utf8').catch(() => '{}')) as { creation_date?: string };
            const createdAt = info.creation_date ? Date.parse(info.creation_date) : (await stat(path.join(directory, name))).mtimeMs;
            return { id: name.slice(0, -5), createdAt };
          }),
      );
    },
    removeAll: (uploadId) => datastore.remove(uploadId).catch(() => {}),
  };
}

/**
 * Uploads in the bucket, as @tus/s3-store keeps them at its root: the object `<id>` (a multipart
 * upload until it completes), `<id>.info` with the tus metadata and `<id>.part` for a tail smaller
 * than S3's minimum part size.
 */
export function s3Uploads(s3: S3Settings, scratch: Scratch): KeptUploads {
  const client = new S3Client(s3ClientConfig(s3));
  const datastore = new S3Store({ s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3) } });
  return {
    datastore,
    withFile: (uploadId, use) => scratch.withCopyOf('', () => datastore.read(uploadId), use),
    async listUploads() {
      const found: { id: string; createdAt: number }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Delimiter: '/', ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (o.Key?.endsWith('.info')) found.push({ id: o.Key.slice(0, -5), createdAt: o.LastModified?.getTime() ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    async removeAll(uploadId) {
      await datastore.remove(uploadId).catch(() => {});
      await client.send(
        new DeleteObjectsCommand({
          Bucket: s3.bucket,
          Delete: { Objects: [uploadId, `${uploadId}.info`, `${uploadId}.part`].map((Key) => ({ Key })), Quiet: true },
        }),
      );
    },
  };
}
