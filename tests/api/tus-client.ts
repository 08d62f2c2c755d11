import { randomUUID } from 'node:crypto';
import http from 'node:http';

/** A minimal tus 1.0 client over fetch, so tests can see and control every byte and offset. */
export function tusClient(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  return {
    async create(
      size: number,
      meta: { recordingId?: string; filename?: string } = {},
    ): Promise<{ status: number; url: string | null; id: string | null }> {
      const recordingId = meta.recordingId ?? randomUUID();
      const res = await fetch(`${base}/api/uploads`, {
        method: 'POST',
        headers: {
          ...headers,
          'upload-length': String(size),
          'upload-metadata': `recordingId ${b64(recordingId)},filename ${b64(meta.filename ?? 'x.webm')}`,
        },
      });
      const url = res.headers.get('location');
      return { status: res.status, url: url ? new URL(url, base).toString() : null, id: url ? url.split('/').pop()! : null };
    },
    async offset(url: string): Promise<{ status: number; offset: number }> {
      const res = await fetch(url, { method: 'HEAD', headers });
      return { status: res.status, offset: Number(res.headers.get('upload-offset') ?? -1) };
    },
    async patch(url: string, offset: number, bytes: Buffer): Promise<{ status: number; offset: number }> {
      const res = await fetch(url, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(bytes),
      });
      return { status: res.status, offset: Number(res.headers.get('upload-offset') ?? -1) };
    },
    /** Sends `bytes` but the connection drops after `cutAfter` of them, as a lost signal would. */
    patchCutOff(url: string, offset: number, bytes: Buffer, cutAfter: number): Promise<void> {
      const stalled = this.patchStalled(url, offset, bytes.subarray(0, cutAfter), bytes.length);
      setTimeout(stalled.abandon, 300);
      return stalled.ended;
    },
    /** Promises `total` bytes, sends `sent` and goes quiet, as a phone losing signal does; `ended` settles when the server lets go. */
    patchStalled(url: string, offset: number, sent: Buffer, total: number) {
      const u = new URL(url);
      const req = http.request({
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'PATCH',
        headers: {
          ...headers,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(total),
        },
      });
      const ended = new Promise<void>((resolve) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
      });
      req.write(sent);
      return { ended, abandon: () => req.destroy() };
    },
    async upload(bytes: Buffer, meta: { recordingId?: string; filename?: string } = {}): Promise<string> {
      const created = await this.create(bytes.length, meta);
      if (!created.url) throw new Error(`create answered ${created.status}`);
      const done = await this.patch(created.url, 0, bytes);
      if (done.offset !== bytes.length) throw new Error(`patch answered ${done.status}`);
      return created.id!;
    },
  };
}
