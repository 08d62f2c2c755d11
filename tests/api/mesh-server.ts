import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A MESH server for tests, written from the MESH API specification (NHSDigital/mesh-api-specification,
 * specification/mesh-api.yaml) with the mesh-sandbox (NHSDigital/mesh-sandbox) as a second reading.
 * It implements the endpoints the client uses: handshake, endpoint lookup, send (with chunks), tracking,
 * inbox list/download/acknowledge. It checks the NHSMESH Authorization header on every mailbox
 * request by recomputing the HMAC itself (it does not import the client's code): scheme, five parts,
 * mailbox matching the path, numeric nonce count, timestamp within 2 hours, hash, and no replayed token.
 * Controls let a test acknowledge a message as the recipient, drop a delivery report in the inbox,
 * answer the next requests with a status (503 …) or refuse sends with a MESH error code.
 *
 * Tracking follows a message through the states of the specification ("Track outbox", "Message
 * expiration") and the sandbox (models/message.py): uploading → accepted (in the recipient's inbox) →
 * acknowledged (the recipient downloaded it and PUT …/status/acknowledged, through the API like any client,
 * or `acknowledge` here), or undeliverable when not collected within five days (`expire`: error code 14 and
 * an error report to the sender) or error (`reportUndelivered`). `status_timestamp` is the time of the last
 * change. The v2 answer needs `Accept: application/vnd.mesh.v2+json`; anything else gets the v1 shape, as
 * the real service answers, so a client that forgets the header does not read v2 fields.
 */

export interface MeshServerMailbox {
  password: string;
  odsCode?: string;
  /** Workflows this mailbox receives (for endpoint lookup and the "unregistered" checks). */
  workflows?: string[];
}

export interface StoredMessage {
  messageId: string;
  sender: string;
  recipient: string;
  workflowId: string;
  localId?: string;
  subject?: string;
  filename?: string;
  contentType?: string;
  totalChunks: number;
  chunks: Map<number, Buffer>;
  status: 'uploading' | 'accepted' | 'acknowledged' | 'undeliverable' | 'error';
  statusCode?: string;
  statusDescription?: string;
  uploadTimestamp: string;
  uploadedAt: Date;
  /** When the status last changed. */
  statusAt: Date;
}

export interface InboxItem {
  messageId: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  bodyLength: number;
}

export interface MeshTestServer {
  url: string;
  sharedKey: string;
  mailboxes: Map<string, MeshServerMailbox>;
  messages: Map<string, StoredMessage>;
  inboxes: Map<string, InboxItem[]>;
  requests: RecordedRequest[];
  authFailures: string[];
  /** The server's clock (for the 2-hour timestamp window). */
  now: () => Date;
  /** Answer the next `count` mailbox requests with `status` (e.g. 503) before doing anything. */
  failNext(count: number, status: number): void;
  /** Answer the next upload of chunk `n` (n ≥ 2) of any message with `status`, once. */
  failChunkOnce(n: number, status: number): void;
  /** Refuse every send with 417 and this MESH error code until cleared (null). */
  refuseSends: { code: string; msg: string } | null;
  /** Whole message as reassembled from its chunks. */
  assembled(messageId: string): Buffer;
  /** As the recipient: download-and-acknowledge. */
  acknowledge(messageId: string): void;
  /** MESH gave up delivering: status error plus a REPORT in the sender's inbox. */
  reportUndelivered(messageId: string, code: string, description: string): void;
  /** Five days passed uncollected: status undeliverable (code 14) plus a REPORT in the sender's inbox. */
  expire(messageId: string): void;
  close(): Promise<void>;
}

const V2 = 'application/vnd.mesh.v2+json';

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': V2 });
  res.end(JSON.stringify(body));
}

function meshError(res: http.ServerResponse, status: number, code: string, msg: string, messageId?: string): void {
  json(res, status, { ...(messageId ? { message_id: messageId } : {}), internal_id: 'test', detail: [{ event: 'SEND', code, msg }] });
}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
}

/** yyyyMMddHHmm, UTC, as a Date; null when malformed. */
function parseTimestamp(ts: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(ts);
  if (!m) return null;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!));
  return Number.isNaN(d.getTime()) ? null : d;
}

export interface MeshServerOptions {
  sharedKey: string;
  mailboxes: Record<string, MeshServerMailbox>;
  /** Serve https with mutual TLS: server cert/key, and the CA that client certificates must chain to. */
  tls?: { cert: Buffer; key: Buffer; ca: Buffer };
  /** A fixed port (the browser tests' MESH); any free port by default. */
  port?: number;
  /**
   * For a test in another process (the browser tests): `POST /_control/expire/{message_id}` does what
   * `expire` does. Outside /messageexchange, so the MESH API itself is unchanged.
   */
  httpControls?: boolean;
}

export async function startMeshServer(opts: MeshServerOptions): Promise<MeshTestServer> {
  const usedTokens = new Set<string>();
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  let seq = 0;
  const chunkFailures = new Map<number, number>();

  const state: MeshTestServer = {
    url: '',
    sharedKey: opts.sharedKey,
    mailboxes: new Map(Object.entries(opts.mailboxes)),
    messages: new Map(),
    inboxes: new Map(),
    requests: [],
    authFailures: [],
    now: () => new Date(),
    failNext(count, status) {
      failures = { count, status };
    },
    failChunkOnce(n, status) {
      chunkFailures.set(n, status);
    },
    refuseSends: null,
    assembled(messageId) {
      const m = state.messages.get(messageId);
      if (!m) throw new Error(`no message ${messageId}`);
      const parts: Buffer[] = [];
      for (let n = 1; n <= m.totalChunks; n++) {
        const c = m.chunks.get(n);
        if (!c) throw new Error(`chunk ${n} of ${messageId} missing`);
        parts.push(c);
      }
      return Buffer.concat(parts);
    },
    acknowledge(messageId) {
      const m = state.messages.get(messageId);
      if (!m || m.status !== 'accepted') throw new Error(`message ${messageId} not accepted`);
      m.status = 'acknowledged';
      m.statusAt = state.now();
    },
    reportUndelivered(messageId, code, description) {
      undelivered(messageId, 'error', code, description);
    },
    expire(messageId) {
      undelivered(messageId, 'undeliverable', '14', 'Message not collected by recipient after 5 days');
    },
    close: () => Promise.resolve(),
  };

  function undelivered(messageId: string, status: 'error' | 'undeliverable', code: string, description: string) {
    const m = state.messages.get(messageId)!;
    m.status = status;
    m.statusCode = code;
    m.statusDescription = description;
    m.statusAt = state.now();
    const reportId = newMessageId();
    const inbox = state.inboxes.get(m.sender) ?? [];
    inbox.push({
      messageId: reportId,
      body: Buffer.alloc(0),
      headers: {
        'mex-messagetype': 'REPORT',
        'mex-messageid': reportId,
        'mex-linkedmsgid': messageId,
        'mex-statussuccess': 'ERROR',
        'mex-statuscode': code,
        'mex-statusdescription': description,
        'mex-statusevent': 'TRANSFER',
        'mex-statustimestamp': stamp(state.now()),
        'mex-chunk-range': '1:1',
        ...(m.subject ? { 'mex-subject': m.subject } : {}),
        'mex-workflowid': m.workflowId,
        'mex-to': m.recipient,
        ...(m.localId ? { 'mex-localid': m.localId } : {}),
      },
    });
    state.inboxes.set(m.sender, inbox);
  }

  /** DATA messages in a mailbox's inbox: delivered to it, complete, not yet acknowledged or expired. */
  function waitingFor(mailboxId: string): StoredMessage[] {
    return [...state.messages.values()].filter((m) => m.recipient === mailboxId && m.status === 'accepted');
  }

  function newMessageId(): string {
    seq += 1;
    return `${stamp(state.now())}${String(seq).padStart(6, '0')}_${Math.random().toString(16).slice(2, 8).toUpperCase().padEnd(6, '0')}`;
  }

  /** The mailbox the request is authorised for, or null after answering 403. */
  function authorise(req: http.IncomingMessage, res: http.ServerResponse, mailboxId: string): boolean {
    const refuse = (why: string) => {
      state.authFailures.push(why);
      json(res, 403, { detail: [{ event: 'AUTH', code: '403', msg: why }] });
      return false;
    };
    const header = (req.headers.authorization ?? '').trim();
    if (!header) return refuse('missing Authorization header');
    if (!header.startsWith('NHSMESH ')) return refuse('wrong scheme');
    const parts = header.slice('NHSMESH '.length).split(':');
    if (parts.length !== 5) return refuse('token does not have five parts');
    const [mb, nonce, nonceCount, timestamp, hash] = parts as [string, string, string, string, string];
    if (mb !== mailboxId) return refuse('mailbox id does not match token');
    if (!/^\d+$/.test(nonceCount)) return refuse('nonce count is not digits');
    const when = parseTimestamp(timestamp);
    if (!when) return refuse('timestamp malformed');
    if (Math.abs(when.getTime() - state.now().getTime()) > 2 * 60 * 60 * 1000)
      return refuse('timestamp more than 2 hours from server time');
    const box = state.mailboxes.get(mb);
    if (!box) return refuse('unknown mailbox');
    const expected = createHmac('sha256', state.sharedKey).update(`${mb}:${nonce}:${nonceCount}:${box.password}:${timestamp}`).digest();
    const given = Buffer.from(hash, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse('invalid authentication token');
    if (usedTokens.has(header)) return refuse('duplicated authentication token');
    usedTokens.add(header);
    return true;
  }

  /** yyyyMMddHHmmss, as the specification's examples write expiry_time and upload_timestamp. */
  const compact = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:TZ]/g, '')
      .slice(0, 14);
  /** Five days after delivery an uncollected message leaves the inbox ("Message expiration"). */
  const expiry = (m: StoredMessage) => new Date(m.uploadedAt.getTime() + 5 * 86_400_000);
  const failed = (m: StoredMessage) => m.status === 'error' || m.status === 'undeliverable';

  function trackingV2(m: StoredMessage) {
    const box = state.mailboxes.get(m.recipient);
    return {
      message_id: m.messageId,
      local_id: m.localId ?? null,
      workflow_id: m.workflowId,
      filename: m.filename ?? null,
      expiry_time: compact(expiry(m)),
      upload_timestamp: m.uploadTimestamp.slice(0, 14),
      recipient: m.recipient,
      recipient_name: null,
      recipient_ods_code: box?.odsCode ?? null,
      recipient_org_code: box?.odsCode ?? null,
      recipient_org_name: null,
      status_success: !failed(m),
      status: m.status,
      status_event: m.status === 'acknowledged' ? 'ACKNOWLEDGED' : 'TRANSFER',
      // ISO without a zone, as in the specification's example ("2020-06-01T12:21:52").
      status_timestamp: m.statusAt.toISOString().slice(0, 19),
      status_description: m.statusDescription ?? 'Success',
      status_code: m.statusCode ?? '00',
    };
  }

  function trackingV1(m: StoredMessage) {
    return {
      dtsId: m.messageId,
      messageId: m.messageId,
      localId: m.localId ?? null,
      workflowId: m.workflowId,
      recipient: m.recipient,
      sender: m.sender,
      messageType: 'Data',
      status: m.status.charAt(0).toUpperCase() + m.status.slice(1),
      statusSuccess: failed(m) ? 'ERROR' : 'SUCCESS',
      statusCode: m.statusCode ?? null,
      statusDescription: m.statusDescription ?? null,
      uploadTimestamp: m.uploadTimestamp.slice(0, 14),
      expiryTime: compact(expiry(m)),
      fileSize: m.totalChunks ? [...m.chunks.values()].reduce((n, c) => n + c.length, 0) : 0,
      version: '1.0',
    };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mesh.test');
    const seg = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    state.requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, bodyLength: body.length });
    if (opts.httpControls && seg[0] === '_control' && seg[1] === 'expire' && seg.length === 3 && req.method === 'POST') {
      const m = state.messages.get(seg[2]!);
      if (!m || m.status !== 'accepted') return json(res, 409, { detail: 'not a message waiting in an inbox' });
      state.expire(m.messageId);
      return json(res, 200, { message_id: m.messageId, status: m.status });
    }
    if (seg[0] !== 'messageexchange') return json(res, 404, { detail: 'not found' });

    if (failures.count > 0) {
      failures.count -= 1;
      res.writeHead(failures.status, { 'content-type': 'text/html' });
      res.end('<html>Service Unavailable</html>');
      return;
    }

    // GET /messageexchange/endpointlookup/{ods}/{workflow} (no mailbox authentication in the spec example)
    if (seg[1] === 'endpointlookup' && seg.length === 4 && req.method === 'GET') {
      const [, , ods, workflow] = seg as [string, string, string, string];
      const results = [...state.mailboxes.entries()]
        .filter(([, b]) => b.odsCode === ods && (b.workflows ?? []).includes(workflow))
        .map(([id]) => ({ mailbox_id: id, mailbox_name: `Test mailbox ${id}` }));
      return json(res, 200, { results });
    }

    const mailboxId = seg[1];
    if (!mailboxId) return json(res, 404, { detail: 'not found' });
    if (!authorise(req, res, mailboxId)) return;
    const rest = seg.slice(2);

    // POST /messageexchange/{mailbox}: handshake
    if (rest.length === 0 && req.method === 'POST') return json(res, 200, { mailbox_id: mailboxId });

    // POST /messageexchange/{mailbox}/outbox
    if (rest.length === 1 && rest[0] === 'outbox' && req.method === 'POST') {
      const to = req.headers['mex-to'];
      const workflow = req.headers['mex-workflowid'];
      const from = req.headers['mex-from'];
      if (typeof to !== 'string' || !to) return meshError(res, 400, '08', 'TO_DTS missing');
      if (typeof workflow !== 'string' || !workflow) return meshError(res, 400, '06', 'Malformed headers: mex-workflowid missing');
      if (typeof from === 'string' && from !== mailboxId) return meshError(res, 417, '07', 'Invalid From Address');
      if (!body.length) return meshError(res, 417, '02', 'MissingDataFile');
      const range = /^1:(\d+)$/.exec(String(req.headers['mex-chunk-range'] ?? '1:1'));
      if (!range || +range[1]! < 1) return meshError(res, 417, '06', 'InvalidHeaderChunks');
      if (state.refuseSends) return meshError(res, 417, state.refuseSends.code, state.refuseSends.msg);
      const recipient = state.mailboxes.get(to);
      if (!recipient) return meshError(res, 417, '12', 'Unregistered recipient');
      if (!(recipient.workflows ?? []).includes(workflow)) return meshError(res, 417, '17', 'Workflow ID not registered for mailbox');
      const total = +range[1]!;
      const messageId = newMessageId();
      const header = (h: string) => (typeof req.headers[h] === 'string' ? (req.headers[h] as string) : undefined);
      const localId = header('mex-localid');
      const subject = header('mex-subject');
      const filename = header('mex-filename');
      const contentType = header('mex-content-type');
      state.messages.set(messageId, {
        messageId,
        sender: mailboxId,
        recipient: to,
        workflowId: workflow,
        ...(localId ? { localId } : {}),
        ...(subject ? { subject } : {}),
        ...(filename ? { filename } : {}),
        ...(contentType ? { contentType } : {}),
        totalChunks: total,
        chunks: new Map([[1, body]]),
        status: total === 1 ? 'accepted' : 'uploading',
        uploadTimestamp: stamp(state.now()),
        uploadedAt: state.now(),
        statusAt: state.now(),
      });
      return json(res, 202, { message_id: messageId });
    }

    // POST /messageexchange/{mailbox}/outbox/{message_id}/{chunk}
    if (rest.length === 3 && rest[0] === 'outbox' && req.method === 'POST') {
      const m = state.messages.get(rest[1]!);
      if (!m) return json(res, 404, { detail: 'Message does not exist' });
      if (m.sender !== mailboxId) return json(res, 403, { detail: 'not your message' });
      if (m.status !== 'uploading') return json(res, 423, { message_id: m.messageId, detail: 'Message already finalised' });
      const n = Number(rest[2]);
      const injected = chunkFailures.get(n);
      if (injected) {
        chunkFailures.delete(n);
        res.writeHead(injected, { 'content-type': 'text/html' });
        res.end('<html>Service Unavailable</html>');
        return;
      }
      if (!Number.isInteger(n) || n < 2 || n > m.totalChunks || req.headers['mex-chunk-range'] !== `${n}:${m.totalChunks}`) {
        return meshError(res, 417, '06', 'InvalidHeaderChunks', m.messageId);
      }
      if (!body.length) return meshError(res, 417, '02', 'MissingDataFile', m.messageId);
      m.chunks.set(n, body);
      if (m.chunks.size === m.totalChunks) {
        m.status = 'accepted';
        m.statusAt = state.now();
      }
      return json(res, 202, { message_id: m.messageId });
    }

    // GET /messageexchange/{mailbox}/outbox/tracking?messageID=
    if (rest.length === 2 && rest[0] === 'outbox' && rest[1] === 'tracking' && req.method === 'GET') {
      const m = state.messages.get(url.searchParams.get('messageID') ?? '');
      // Another mailbox's message is a 404 too (the sandbox: "intentionally not a 403 (matching spine)").
      if (!m || m.sender !== mailboxId) return json(res, 404, { detail: 'Message does not exist' });
      if (req.headers.accept !== V2) return json(res, 200, trackingV1(m));
      return json(res, 200, trackingV2(m));
    }

    // GET /messageexchange/{mailbox}/inbox
    if (rest.length === 1 && rest[0] === 'inbox' && req.method === 'GET') {
      const ids = [...(state.inboxes.get(mailboxId) ?? []).map((i) => i.messageId), ...waitingFor(mailboxId).map((m) => m.messageId)];
      return json(res, 200, { messages: ids, links: {}, approx_inbox_count: ids.length });
    }

    // GET /messageexchange/{mailbox}/inbox/{id}
    if (rest.length === 2 && rest[0] === 'inbox' && req.method === 'GET') {
      const data = waitingFor(mailboxId).find((m) => m.messageId === rest[1]);
      if (data && data.totalChunks === 1) {
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          'mex-messagetype': 'DATA',
          'mex-messageid': data.messageId,
          'mex-from': data.sender,
          'mex-to': data.recipient,
          'mex-workflowid': data.workflowId,
          'mex-chunk-range': '1:1',
          ...(data.localId ? { 'mex-localid': data.localId } : {}),
        });
        res.end(state.assembled(data.messageId));
        return;
      }
      const item = (state.inboxes.get(mailboxId) ?? []).find((i) => i.messageId === rest[1]);
      if (!item) return json(res, 404, { detail: 'Message does not exist' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', ...item.headers });
      res.end(item.body);
      return;
    }

    // PUT /messageexchange/{mailbox}/inbox/{id}/status/acknowledged
    if (rest.length === 4 && rest[0] === 'inbox' && rest[2] === 'status' && rest[3] === 'acknowledged' && req.method === 'PUT') {
      const data = waitingFor(mailboxId).find((m) => m.messageId === rest[1]);
      if (data) {
        data.status = 'acknowledged';
        data.statusAt = state.now();
        return json(res, 200, { message_id: data.messageId });
      }
      const items = state.inboxes.get(mailboxId) ?? [];
      const i = items.findIndex((x) => x.messageId === rest[1]);
      if (i < 0) return json(res, 404, { detail: 'Message does not exist' });
      items.splice(i, 1);
      return json(res, 200, { message_id: rest[1] });
    }

    return json(res, 404, { detail: 'not found' });
  }

  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(parts)).catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
    });
  };

  const server = opts.tls
    ? https.createServer({ cert: opts.tls.cert, key: opts.tls.key, ca: opts.tls.ca, requestCert: true, rejectUnauthorized: true }, listener)
    : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `${opts.tls ? 'https' : 'http'}://${opts.tls ? 'localhost' : '127.0.0.1'}:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

export interface TestPki {
  dir: string;
  ca: Buffer;
  serverCert: Buffer;
  serverKey: Buffer;
  clientCert: Buffer;
  clientKey: Buffer;
  /** A client certificate signed by a different CA (the server must refuse it). */
  strangerCert: Buffer;
  strangerKey: Buffer;
  paths: { ca: string; clientCert: string; clientKey: string; strangerCert: string; strangerKey: string };
}

/** A throwaway CA, a server certificate for localhost and client certificates, made with openssl. */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesh-pki-'));
  const p = (f: string) => path.join(dir, f);
  const ossl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ca = (name: string) => {
    ossl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      p(`${name}.key`),
      '-out',
      p(`${name}.pem`),
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    );
  };
  const leaf = (name: string, signer: string, ext: string) => {
    ossl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', p(`${name}.key`), '-out', p(`${name}.csr`), '-subj', `/CN=${name}`);
    writeFileSync(p(`${name}.ext`), ext);
    ossl(
      'x509',
      '-req',
      '-in',
      p(`${name}.csr`),
      '-CA',
      p(`${signer}.pem`),
      '-CAkey',
      p(`${signer}.key`),
      '-CAcreateserial',
      '-out',
      p(`${name}.pem`),
      '-days',
      '2',
      '-extfile',
      p(`${name}.ext`),
    );
  };
  ca('test-mesh-ca');
  ca('stranger-ca');
  leaf('server', 'test-mesh-ca', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  leaf('client', 'test-mesh-ca', 'extendedKeyUsage=clientAuth\n');
  leaf('stranger', 'stranger-ca', 'extendedKeyUsage=clientAuth\n');
  const r = (f: string) => readFileSync(p(f));
  return {
    dir,
    ca: r('test-mesh-ca.pem'),
    serverCert: r('server.pem'),
    serverKey: r('server.key'),
    clientCert: r('client.pem'),
    clientKey: r('client.key'),
    strangerCert: r('stranger.pem'),
    strangerKey: r('stranger.key'),
    paths: {
      ca: p('test-mesh-ca.pem'),
      clientCert: p('client.pem'),
      clientKey: p('client.key'),
      strangerCert: p('stranger.pem'),
      strangerKey: p('stranger.key'),
    },
  };
}
