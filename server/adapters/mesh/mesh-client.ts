/**
 * A client for the NHS MESH API v2, written from the published specification
 * (NHSDigital/mesh-api-specification specification/mesh-api.yaml) and checked against the reference
 * Python client (NHSDigital/mesh-client mesh_client/__init__.py):
 *
 *   POST /messageexchange/{mailbox}                              validate the mailbox (handshake)
 *   GET  /messageexchange/endpointlookup/{ods}/{workflow}         recipient mailboxes of an organisation
 *   POST /messageexchange/{mailbox}/outbox                       send (first chunk, mex-chunk-range 1:n)
 *   POST /messageexchange/{mailbox}/outbox/{message_id}/{n}      further chunks
 *   GET  /messageexchange/{mailbox}/outbox/tracking?messageID=   tracking
 *   GET  /messageexchange/{mailbox}/inbox                        inbox (delivery error reports)
 *   GET  /messageexchange/{mailbox}/inbox/{message_id}           download
 *   PUT  /messageexchange/{mailbox}/inbox/{message_id}/status/acknowledged
 *
 * Every request carries `Accept: application/vnd.mesh.v2+json` and a fresh NHSMESH Authorization
 * header. Retries: GETs, PUTs, the handshake and chunks 2..n are retried on transient failures; the
 * first POST to /outbox is never retried here (a retry after a lost answer would send the letter twice —
 * the reference client makes the same choice); its transient failure goes back to the delivery job.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { GpDeliveryError } from '../gp-delivery';
import { meshAuthorization } from './mesh-auth';
import type { MeshConfig } from './mesh-config';
import { meshHttpError, meshNetworkError } from './mesh-errors';
import { jsonBody, meshAgent, meshRequest, type MeshAgent, type MeshResponse } from './mesh-http';
import type { MeshTracking } from './mesh-tracking';

export type { MeshTracking } from './mesh-tracking';

export const MESH_ACCEPT = 'application/vnd.mesh.v2+json';
/** The specification's limit for one request is 100MB; the reference client splits at 75MiB. */
export const DEFAULT_CHUNK_SIZE = 75 * 1024 * 1024;
const CLIENT_VERSION = 'wardnote-mesh==1.0';

/**
 * HTTP header values must be printable ASCII (Node refuses others): accents are dropped, dashes and quotes
 * become their ASCII forms, anything else a space.
 */
export function headerSafe(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e]/g, ' ')
    .trim();
}

export interface MeshSendInput {
  /** Recipient mailbox id. */
  to: string;
  workflowId: string;
  body: Buffer;
  localId?: string;
  subject?: string;
  filename?: string;
  /** The content type of the data when decoded (sent as mex-content-type). */
  contentType?: string;
}

export interface MeshMailbox {
  mailbox_id: string;
  mailbox_name?: string | null;
}

export interface MeshInboxMessage {
  messageId: string;
  /** DATA or REPORT (a delivery error report). */
  messageType: string;
  /** mex-* headers by lower-case name without the prefix. */
  mex: Record<string, string>;
  body: Buffer;
}

export interface MeshClientOptions {
  chunkSize?: number;
  /** Further attempts after the first for retryable calls (default 2). */
  retries?: number;
  retryDelayMs?: number;
  now?: () => Date;
}

export class MeshClient {
  private readonly agent: MeshAgent;
  private readonly chunkSize: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly cfg: MeshConfig,
    opts: MeshClientOptions = {},
  ) {
    this.agent = meshAgent(cfg.url, cfg.tls);
    this.chunkSize = opts.chunkSize ?? DEFAULT_CHUNK_SIZE;
    this.retries = opts.retries ?? 2;
    this.retryDelayMs = opts.retryDelayMs ?? 1000;
    this.now = opts.now ?? (() => new Date());
    if (!(this.chunkSize > 0)) throw new Error('MESH chunk size must be positive');
  }

  get mailboxId(): string {
    return this.cfg.mailboxId;
  }

  private get mailboxUrl(): string {
    return `${this.cfg.url}/messageexchange/${encodeURIComponent(this.cfg.mailboxId)}`;
  }

  private async once(
    action: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string> = {},
    body?: Buffer,
  ): Promise<MeshResponse> {
    let res: MeshResponse;
    try {
      res = await meshRequest(this.agent, {
        method,
        url,
        timeoutMs: this.cfg.timeoutMs,
        headers: {
          accept: MESH_ACCEPT,
          authorization: meshAuthorization(this.cfg, { now: this.now() }),
          ...headers,
        },
        ...(body ? { body } : {}),
      });
    } catch (err) {
      throw meshNetworkError(action, err);
    }
    if (res.status < 200 || res.status >= 300) throw meshHttpError(action, res.status, jsonBody(res));
    return res;
  }

  private async withRetry<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        if (!(err instanceof GpDeliveryError) || !err.retryable || attempt >= this.retries) throw err;
        await sleep(this.retryDelayMs * 2 ** attempt);
      }
    }
  }

  /** Validate the mailbox: connection, certificate and credentials (spec: once a day). */
  async handshake(): Promise<void> {
    await this.withRetry(() =>
      this.once('validating the mailbox', 'POST', this.mailboxUrl, {
        'mex-clientversion': CLIENT_VERSION,
        'mex-osname': process.platform,
        'mex-osversion': process.version,
        'mex-osarchitecture': process.arch,
      }),
    );
  }

  /** The mailboxes registered for an organisation (ODS code) and workflow. */
  async lookupMailboxes(odsCode: string, workflowId: string): Promise<MeshMailbox[]> {
    const url = `${this.cfg.url}/messageexchange/endpointlookup/${encodeURIComponent(odsCode)}/${encodeURIComponent(workflowId)}`;
    const res = await this.withRetry(() => this.once('looking up the recipient mailbox', 'GET', url));
    const body = jsonBody(res) as { results?: unknown } | undefined;
    if (!body || !Array.isArray(body.results)) {
      throw new GpDeliveryError('transient', 'MESH answered the mailbox lookup with something that is not a lookup result.');
    }
    return body.results.filter((r): r is MeshMailbox => !!r && typeof r === 'object' && typeof (r as MeshMailbox).mailbox_id === 'string');
  }

  /** Send a message, in chunks when larger than the chunk size; answers the MESH message id. */
  async send(input: MeshSendInput): Promise<string> {
    if (!input.body.length) throw new GpDeliveryError('permanent', 'There is nothing to send: the message is empty.');
    const total = Math.ceil(input.body.length / this.chunkSize);
    const chunk = (n: number) => input.body.subarray((n - 1) * this.chunkSize, n * this.chunkSize);
    const first: Record<string, string> = {
      'content-type': 'application/octet-stream',
      'mex-from': this.cfg.mailboxId,
      'mex-to': input.to,
      'mex-workflowid': input.workflowId,
      'mex-chunk-range': `1:${total}`,
    };
    if (input.localId) first['mex-localid'] = input.localId;
    if (input.subject) first['mex-subject'] = headerSafe(input.subject);
    if (input.filename) first['mex-filename'] = headerSafe(input.filename);
    if (input.contentType) first['mex-content-type'] = input.contentType;
    const res = await this.once('sending the message', 'POST', `${this.mailboxUrl}/outbox`, first, chunk(1));
    const body = jsonBody(res) as { message_id?: unknown; messageID?: unknown } | undefined;
    const messageId = typeof body?.message_id === 'string' ? body.message_id : typeof body?.messageID === 'string' ? body.messageID : null;
    if (!messageId) throw new GpDeliveryError('transient', 'MESH accepted the message but did not say its message id.');
    for (let n = 2; n <= total; n++) {
      const url = `${this.mailboxUrl}/outbox/${encodeURIComponent(messageId)}/${n}`;
      const headers = { 'content-type': 'application/octet-stream', 'mex-chunk-range': `${n}:${total}` };
      await this.withRetry(() => this.once(`sending part ${n} of ${total} of the message`, 'POST', url, headers, chunk(n)));
    }
    return messageId;
  }

  async track(messageId: string): Promise<MeshTracking> {
    const url = `${this.mailboxUrl}/outbox/tracking?messageID=${encodeURIComponent(messageId)}`;
    const res = await this.withRetry(() => this.once('tracking the message', 'GET', url));
    const body = jsonBody(res) as MeshTracking | undefined;
    if (!body || typeof body !== 'object' || typeof body.message_id !== 'string')
      throw new GpDeliveryError('transient', 'MESH answered the tracking request with something that is not tracking data.');
    return body;
  }

  /** Message ids waiting in our inbox (delivery error reports arrive here). */
  async listInbox(): Promise<string[]> {
    const res = await this.withRetry(() => this.once('listing the inbox', 'GET', `${this.mailboxUrl}/inbox`));
    const body = jsonBody(res) as { messages?: unknown } | undefined;
    return Array.isArray(body?.messages) ? body.messages.filter((m): m is string => typeof m === 'string') : [];
  }

  async download(messageId: string): Promise<MeshInboxMessage> {
    const url = `${this.mailboxUrl}/inbox/${encodeURIComponent(messageId)}`;
    const res = await this.withRetry(() => this.once('downloading a message', 'GET', url));
    const mex: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (k.startsWith('mex-') && typeof v === 'string') mex[k.slice(4)] = v;
    }
    const parts = [res.body];
    const [, count] = (mex['chunk-range'] ?? '1:1').split(':').map(Number);
    for (let n = 2; n <= (count ?? 1); n++) {
      const r = await this.withRetry(() => this.once(`downloading part ${n} of a message`, 'GET', `${url}/${n}`));
      parts.push(r.body);
    }
    return { messageId, messageType: mex.messagetype ?? 'DATA', mex, body: Buffer.concat(parts) };
  }

  async acknowledge(messageId: string): Promise<void> {
    const url = `${this.mailboxUrl}/inbox/${encodeURIComponent(messageId)}/status/acknowledged`;
    await this.withRetry(() => this.once('acknowledging a message', 'PUT', url));
  }

  close(): void {
    this.agent.destroy();
  }
}
