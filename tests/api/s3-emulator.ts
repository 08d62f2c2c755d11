import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * An S3-compatible server for tests, written from the S3 API reference: path-style addressing, SigV4
 * header signatures checked, aws-chunked bodies and CRC32 checksums checked, and the multipart rules
 * that catch misuse (every part but the last at least 5 MiB, ETags must match). No S3 server installs
 * from the registries this project can reach, and s3rver lacks ListParts, which @tus/s3-store needs
 * (docs/decisions.md). It keeps everything in memory.
 */

const MIN_PART_SIZE = 5 * 1024 * 1024;

interface StoredObject {
  body: Buffer;
  etag: string;
  meta: Record<string, string>;
  contentType?: string;
  lastModified: Date;
}

interface MultipartUpload {
  bucket: string;
  key: string;
  initiated: Date;
  meta: Record<string, string>;
  parts: Map<number, { body: Buffer; etag: string; lastModified: Date }>;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message = code,
  ) {
    super(message);
  }
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface S3EmulatorOptions {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  buckets: string[];
}

export async function startS3Emulator(opts: S3EmulatorOptions) {
  const buckets = new Map(opts.buckets.map((b) => [b, new Map<string, StoredObject>()]));
  const uploads = new Map<string, MultipartUpload>();
  /** Bytes of object and part bodies received, to show what a resumed upload re-sent. */
  const received = { bytes: 0 };

  function verifySignature(req: http.IncomingMessage, url: URL) {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) throw new S3Error(403, 'AccessDenied', 'Only AWS4-HMAC-SHA256 header signatures are accepted');
    const [, accessKey, day, region, signedHeaders, signature] = m;
    if (accessKey !== opts.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId');
    if (region !== opts.region) throw new S3Error(400, 'AuthorizationHeaderMalformed', `region must be ${opts.region}`);
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => [rfc3986(k), rfc3986(v)])
      .sort(([a, x], [b, y]) => (a === b ? (x! < y! ? -1 : 1) : a! < b! ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headers = signedHeaders!
      .split(';')
      .map(
        (h) =>
          `${h}:${String(req.headers[h] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonical = [req.method, (req.url ?? '/').split('?')[0], query, headers, signedHeaders, req.headers['x-amz-content-sha256']].join(
      '\n',
    );
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day!), region!), 's3'), 'aws4_request');
    if (hmac(key, toSign).toString('hex') !== signature) throw new S3Error(403, 'SignatureDoesNotMatch');
  }

  /** The payload itself: aws-chunked framing removed and any checksum the client sent checked. */
  function payload(req: http.IncomingMessage, raw: Buffer): Buffer {
    const declared = String(req.headers['x-amz-content-sha256'] ?? '');
    let body = raw;
    const trailers: Record<string, string> = {};
    if (declared.startsWith('STREAMING-')) {
      const chunks: Buffer[] = [];
      let at = 0;
      for (;;) {
        const eol = raw.indexOf('\r\n', at);
        const size = parseInt(raw.subarray(at, eol).toString().split(';')[0]!, 16);
        at = eol + 2;
        if (size === 0) break;
        chunks.push(raw.subarray(at, at + size));
        at += size + 2;
      }
      for (const line of raw.subarray(at).toString().split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) trailers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      body = Buffer.concat(chunks);
      const decodedLength = Number(req.headers['x-amz-decoded-content-length']);
      if (decodedLength !== body.length) throw new S3Error(400, 'IncompleteBody');
    } else if (/^[0-9a-f]{64}$/.test(declared) && sha256(raw) !== declared) {
      throw new S3Error(400, 'XAmzContentSHA256Mismatch');
    }
    const crc = trailers['x-amz-checksum-crc32'] ?? req.headers['x-amz-checksum-crc32'];
    if (crc !== undefined) {
      const actual = Buffer.alloc(4);
      actual.writeUInt32BE(crc32(body));
      if (actual.toString('base64') !== crc) throw new S3Error(400, 'BadDigest', 'CRC32 checksum mismatch');
    }
    return body;
  }

  const metaOf = (req: http.IncomingMessage) =>
    Object.fromEntries(
      Object.entries(req.headers)
        .filter(([k]) => k.startsWith('x-amz-meta-'))
        .map(([k, v]) => [k.slice('x-amz-meta-'.length), String(v)]),
    );

  function bucketOf(name: string) {
    const b = buckets.get(name);
    if (!b) throw new S3Error(404, 'NoSuchBucket');
    return b;
  }

  function uploadOf(id: string | null) {
    const u = id ? uploads.get(id) : undefined;
    if (!u) throw new S3Error(404, 'NoSuchUpload');
    return u;
  }

  function sendXml(res: http.ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    const url = new URL(req.url ?? '/', 'http://s3.test');
    verifySignature(req, url);
    const [bucketName = '', ...rest] = url.pathname.slice(1).split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const q = url.searchParams;
    const bucket = bucketOf(decodeURIComponent(bucketName));
    const method = req.method ?? 'GET';

    if (!key) {
      if (method === 'GET' && q.get('list-type') === '2') return listObjects(res, bucket, q);
      if (method === 'GET' && q.has('uploads')) return listUploads(res, decodeURIComponent(bucketName), q);
      if (method === 'POST' && q.has('delete')) return deleteObjects(res, bucket, payload(req, raw));
      throw new S3Error(501, 'NotImplemented', `${method} on a bucket`);
    }
    if (method === 'PUT' && q.has('uploadId')) {
      const upload = uploadOf(q.get('uploadId'));
      const number = Number(q.get('partNumber'));
      if (!Number.isInteger(number) || number < 1 || number > 10_000) throw new S3Error(400, 'InvalidArgument');
      const body = payload(req, raw);
      received.bytes += body.length;
      const etag = `"${md5(body)}"`;
      upload.parts.set(number, { body, etag, lastModified: new Date() });
      res.writeHead(200, { etag }).end();
      return;
    }
    if (method === 'PUT') {
      if (req.headers['x-amz-copy-source']) throw new S3Error(501, 'NotImplemented', 'CopyObject');
      const body = payload(req, raw);
      received.bytes += body.length;
      const etag = `"${md5(body)}"`;
      bucket.set(key, { body, etag, meta: metaOf(req), contentType: req.headers['content-type'], lastModified: new Date() });
      res.writeHead(200, { etag }).end();
      return;
    }
    if (method === 'POST' && q.has('uploads')) {
      const id = randomBytes(16).toString('hex');
      uploads.set(id, { bucket: decodeURIComponent(bucketName), key, initiated: new Date(), meta: metaOf(req), parts: new Map() });
      return sendXml(
        res,
        200,
        `<InitiateMultipartUploadResult><Bucket>${xml(bucketName)}</Bucket><Key>${xml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (method === 'POST' && q.has('uploadId')) return completeUpload(res, bucket, key, q.get('uploadId'), payload(req, raw));
    if (method === 'GET' && q.has('uploadId')) return listParts(res, uploadOf(q.get('uploadId')), q);
    if (method === 'DELETE' && q.has('uploadId')) {
      uploadOf(q.get('uploadId'));
      uploads.delete(q.get('uploadId')!);
      res.writeHead(204).end();
      return;
    }
    if (method === 'DELETE') {
      bucket.delete(key);
      res.writeHead(204).end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') return getObject(req, res, bucket, key);
    throw new S3Error(501, 'NotImplemented', `${method} on an object`);
  }

  function getObject(req: http.IncomingMessage, res: http.ServerResponse, bucket: Map<string, StoredObject>, key: string) {
    const o = bucket.get(key);
    if (!o) throw new S3Error(404, 'NoSuchKey');
    const headers: http.OutgoingHttpHeaders = {
      etag: o.etag,
      'last-modified': o.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
      'content-type': o.contentType ?? 'application/octet-stream',
      ...Object.fromEntries(Object.entries(o.meta).map(([k, v]) => [`x-amz-meta-${k}`, v])),
    };
    let body = o.body;
    let status = 200;
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const size = o.body.length;
      const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
      const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) throw new S3Error(416, 'InvalidRange');
      body = o.body.subarray(start, end + 1);
      headers['content-range'] = `bytes ${start}-${end}/${size}`;
      status = 206;
    }
    headers['content-length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function listObjects(res: http.ServerResponse, bucket: Map<string, StoredObject>, q: URLSearchParams) {
    const prefix = q.get('prefix') ?? '';
    const delimiter = q.get('delimiter') ?? '';
    const max = Number(q.get('max-keys') ?? 1000);
    const after = q.get('continuation-token') ?? '';
    const keys = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const contents: string[] = [];
    const prefixes = new Set<string>();
    let last = '';
    for (const k of keys) {
      if (contents.length + prefixes.size >= max) break;
      const cut = delimiter ? k.indexOf(delimiter, prefix.length) : -1;
      if (cut >= 0) prefixes.add(k.slice(0, cut + delimiter.length));
      else {
        const o = bucket.get(k)!;
        contents.push(
          `<Contents><Key>${xml(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xml(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
        );
      }
      last = k;
    }
    const truncated = keys.length > 0 && last !== keys[keys.length - 1];
    sendXml(
      res,
      200,
      `<ListBucketResult><Prefix>${xml(prefix)}</Prefix><KeyCount>${contents.length + prefixes.size}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${
        truncated ? `<NextContinuationToken>${xml(last)}</NextContinuationToken>` : ''
      }${contents.join('')}${[...prefixes].map((p) => `<CommonPrefixes><Prefix>${xml(p)}</Prefix></CommonPrefixes>`).join('')}</ListBucketResult>`,
    );
  }

  function listUploads(res: http.ServerResponse, bucketName: string, q: URLSearchParams) {
    const open = [...uploads.entries()].filter(([, u]) => u.bucket === bucketName && u.key.startsWith(q.get('prefix') ?? ''));
    sendXml(
      res,
      200,
      `<ListMultipartUploadsResult><Bucket>${xml(bucketName)}</Bucket><IsTruncated>false</IsTruncated>${open
        .map(
          ([id, u]) =>
            `<Upload><Key>${xml(u.key)}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
        )
        .join('')}</ListMultipartUploadsResult>`,
    );
  }

  function listParts(res: http.ServerResponse, upload: MultipartUpload, q: URLSearchParams) {
    const marker = Number(q.get('part-number-marker') ?? 0);
    const max = Number(q.get('max-parts') ?? 1000);
    const numbers = [...upload.parts.keys()].filter((n) => n > marker).sort((a, b) => a - b);
    const page = numbers.slice(0, max);
    const truncated = numbers.length > page.length;
    sendXml(
      res,
      200,
      `<ListPartsResult><Bucket>${xml(upload.bucket)}</Bucket><Key>${xml(upload.key)}</Key><PartNumberMarker>${marker}</PartNumberMarker><MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>${
        truncated ? `<NextPartNumberMarker>${page[page.length - 1]}</NextPartNumberMarker>` : ''
      }${page
        .map((n) => {
          const p = upload.parts.get(n)!;
          return `<Part><PartNumber>${n}</PartNumber><LastModified>${p.lastModified.toISOString()}</LastModified><ETag>${xml(p.etag)}</ETag><Size>${p.body.length}</Size></Part>`;
        })
        .join('')}</ListPartsResult>`,
    );
  }

  function completeUpload(res: http.ServerResponse, bucket: Map<string, StoredObject>, key: string, id: string | null, body: Buffer) {
    const upload = uploadOf(id);
    const listed = [...body.toString().matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part]) => ({
      number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part!)?.[1]),
      etag: (/<ETag>([^<]*)<\/ETag>/.exec(part!)?.[1] ?? '').replace(/&quot;|&#34;/g, '"'),
    }));
    if (listed.length === 0) throw new S3Error(400, 'MalformedXML');
    const chosen = listed.map(({ number, etag }, i) => {
      const part = upload.parts.get(number);
      if (!part || part.etag.replace(/"/g, '') !== etag.replace(/"/g, '')) throw new S3Error(400, 'InvalidPart');
      if (i > 0 && number <= listed[i - 1]!.number) throw new S3Error(400, 'InvalidPartOrder');
      if (i < listed.length - 1 && part.body.length < MIN_PART_SIZE) throw new S3Error(400, 'EntityTooSmall');
      return part;
    });
    const whole = Buffer.concat(chosen.map((p) => p.body));
    const etag = `"${md5(Buffer.concat(chosen.map((p) => Buffer.from(p.etag.replace(/"/g, ''), 'hex'))))}-${chosen.length}"`;
    bucket.set(key, { body: whole, etag, meta: upload.meta, lastModified: new Date() });
    uploads.delete(id!);
    sendXml(
      res,
      200,
      `<CompleteMultipartUploadResult><Bucket>${xml(upload.bucket)}</Bucket><Key>${xml(key)}</Key><ETag>${xml(etag)}</ETag></CompleteMultipartUploadResult>`,
    );
  }

  function deleteObjects(res: http.ServerResponse, bucket: Map<string, StoredObject>, body: Buffer) {
    const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map(([, k]) =>
      k!.replace(/&lt;|&gt;|&quot;|&apos;|&amp;|&#(\d+);/g, (e, n: string | undefined) =>
        n
          ? String.fromCharCode(Number(n))
          : ({ '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&amp;': '&' } as Record<string, string>)[e]!,
      ),
    );
    for (const k of keys) bucket.delete(k);
    const quiet = /<Quiet>true<\/Quiet>/.test(body.toString());
    sendXml(res, 200, `<DeleteResult>${quiet ? '' : keys.map((k) => `<Deleted><Key>${xml(k)}</Key></Deleted>`).join('')}</DeleteResult>`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (err) {
        const e = err instanceof S3Error ? err : new S3Error(500, 'InternalError', String(err));
        if (req.method === 'HEAD') res.writeHead(e.status).end();
        else sendXml(res, e.status, `<Error><Code>${e.code}</Code><Message>${xml(e.message)}</Message></Error>`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    received,
    /** Keys in a bucket, sorted. */
    keys: (bucket: string) => [...bucketOf(bucket).keys()].sort(),
    object: (bucket: string, key: string) => bucketOf(bucket).get(key)?.body,
    openUploads: () => [...uploads.values()].map((u) => ({ key: u.key, parts: u.parts.size })),
    /** Makes every object and open upload look `ms` older, as if time had passed. */
    age(ms: number) {
      for (const b of buckets.values()) for (const o of b.values()) o.lastModified = new Date(o.lastModified.getTime() - ms);
      for (const u of uploads.values()) u.initiated = new Date(u.initiated.getTime() - ms);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type S3Emulator = Awaited<ReturnType<typeof startS3Emulator>>;
