import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import type { AudioStorage, Scratch } from './storage';

export type S3Settings = NonNullable<Config['s3']>;

/** The client settings shared by audio storage and the tus S3 store. */
export function s3ClientConfig(s3: S3Settings): S3ClientConfig {
  return {
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.credentials,
  };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** Audio kept in an S3-compatible bucket; ffmpeg works on temporary local copies in `scratch`. */
export function createS3Storage(s3: S3Settings, scratch: Scratch, client = new S3Client(s3ClientConfig(s3))): AudioStorage {
  const Bucket = s3.bucket;
  const get = async (key: string, range?: { start: number; end: number }) => {
    const res = await client.send(
      new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    return res.Body as Readable;
  };
  return {
    async putFile(source, key) {
      const { size } = await stat(source);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(source), ContentLength: size }));
      return size;
    },
    withLocalFile: (key, use) => scratch.withCopyOf(path.extname(key), () => get(key), use),
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    read: get,
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
