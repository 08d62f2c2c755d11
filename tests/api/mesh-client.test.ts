import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bundle } from 'fhir/r4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildLetterDocument, serializeLetterDocument } from '../../server/adapters/fhir-document';
import { GpDeliveryError, GP_DELIVERY_NOT_CONFIGURED } from '../../server/adapters/gp-delivery';
import { MeshClient } from '../../server/adapters/mesh/mesh-client';
import { meshConfigFromEnv, type MeshConfig } from '../../server/adapters/mesh/mesh-config';
import { createGpDelivery, meshGpDelivery } from '../../server/adapters/mesh/mesh-gp-delivery';
import { makeTestPki, startMeshServer, type MeshTestServer } from './mesh-server';

const SHARED_KEY = 'env-shared-secret';
const US = 'X26HC006';
const GP_MAILBOX = 'A81001HC001';
const WORKFLOW = 'GPCONNECT_SEND_DOCUMENT';

const mailboxes = {
  [US]: { password: 'our-password' },
  [GP_MAILBOX]: { password: 'gp-password', odsCode: 'A81001', workflows: [WORKFLOW] },
  OTHERHC001: { password: 'x', odsCode: 'B82002', workflows: ['SOMETHING_ELSE'] },
};

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000), Buffer.from('\n%%EOF\n')]);
const letter = () =>
  serializeLetterDocument(
    buildLetterDocument({
      kind: 'clinic',
      title: 'Cardiology clinic letter',
      reference: 'WN-2026-000123',
      date: '2026-11-22T14:05:00Z',
      patient: { nhsNumber: '9434765919', family: 'SMITH', given: ['Jane'], birthDate: '1950-11-22', gp: { odsCode: 'A81001' } },
      author: { name: 'Dr Daniel Reid', gmcNumber: '4412087' },
      organization: { name: 'Demo NHS Trust', odsCode: 'RXX' },
      pdf,
    }),
  );

let server: MeshTestServer;
const cfg = (over: Partial<MeshConfig> = {}): MeshConfig => ({
  url: server.url,
  mailboxId: US,
  password: 'our-password',
  sharedKey: SHARED_KEY,
  workflowId: WORKFLOW,
  timeoutMs: 5000,
  ...over,
});
const fast = { retries: 2, retryDelayMs: 1 };
const caught = async (p: Promise<unknown>): Promise<GpDeliveryError> => {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(GpDeliveryError);
    return err as GpDeliveryError;
  }
  throw new Error('expected a failure');
};

beforeAll(async () => {
  server = await startMeshServer({ sharedKey: SHARED_KEY, mailboxes });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.authFailures.length = 0;
  server.refuseSends = null;
  server.failNext(0, 503);
});

describe('MESH client against the in-test MESH server', () => {
  it('validates the mailbox with the v2 Accept header and an Authorization header the server accepts', async () => {
    const client = new MeshClient(cfg(), fast);
    await client.handshake();
    client.close();
    const [req] = server.requests;
    expect(req).toMatchObject({ method: 'POST', path: `/messageexchange/${US}` });
    expect(req?.headers.accept).toBe('application/vnd.mesh.v2+json');
    expect(req?.headers.authorization).toMatch(new RegExp(`^NHSMESH ${US}:`));
    expect(req?.headers['mex-clientversion']).toBeTruthy();
    expect(server.authFailures).toEqual([]);
  });

  it('sends a GP letter to the mailbox found from the ODS code; the server holds exactly the bytes; tracking follows it to acknowledged', async () => {
    const gp = meshGpDelivery(cfg(), fast);
    const bundle = letter();
    const sent = await gp.sendDocument({
      odsCode: 'a81001',
      nhsNumber: '9434765919',
      bundle,
      localId: 'delivery-42',
      subject: 'Clinic letter',
    });
    expect(sent.recipient).toBe(GP_MAILBOX);
    expect(server.assembled(sent.messageId).equals(bundle)).toBe(true);
    const stored = server.messages.get(sent.messageId)!;
    expect(stored).toMatchObject({
      sender: US,
      recipient: GP_MAILBOX,
      workflowId: WORKFLOW,
      localId: 'delivery-42',
      subject: 'Clinic letter',
      contentType: 'application/fhir+json',
      totalChunks: 1,
    });
    const post = server.requests.find((r) => r.path === `/messageexchange/${US}/outbox`)!;
    expect(post.headers).toMatchObject({
      'mex-from': US,
      'mex-to': GP_MAILBOX,
      'mex-chunk-range': '1:1',
      'mex-filename': 'delivery-42.json',
    });
    expect(JSON.stringify(post.headers)).not.toContain('9434765919');
    expect(server.requests.some((r) => r.path === `/messageexchange/endpointlookup/A81001/${WORKFLOW}`)).toBe(true);

    const received = JSON.parse(server.assembled(sent.messageId).toString('utf8')) as Bundle;
    expect(received).toMatchObject({ resourceType: 'Bundle', type: 'document' });

    const sentAt = server.messages.get(sent.messageId)!.uploadedAt;
    expect(await gp.track(sent.messageId)).toMatchObject({
      status: 'accepted',
      detail: 'In the GP practice’s MESH inbox, not yet collected.',
      expiresAt: new Date(Math.floor(sentAt.getTime() / 1000) * 1000 + 5 * 86_400_000),
    });
    const tracking = server.requests.find((r) => r.path === `/messageexchange/${US}/outbox/tracking?messageID=${sent.messageId}`)!;
    expect(tracking.method).toBe('GET');
    expect(tracking.headers.accept).toBe('application/vnd.mesh.v2+json');
    expect(tracking.headers.authorization).toMatch(new RegExp(`^NHSMESH ${US}:[^:]+:\\d+:\\d{12}:[0-9a-f]{64}$`));

    // The practice collects it as any MESH client does: inbox, download, acknowledge.
    const practice = new MeshClient(cfg({ mailboxId: GP_MAILBOX, password: 'gp-password' }), fast);
    expect(await practice.listInbox()).toEqual([sent.messageId]);
    const got = await practice.download(sent.messageId);
    expect(got.messageType).toBe('DATA');
    expect(got.body.equals(bundle)).toBe(true);
    await practice.acknowledge(sent.messageId);
    expect(await practice.listInbox()).toEqual([]);
    practice.close();

    const acknowledged = await gp.track(sent.messageId);
    expect(acknowledged).toMatchObject({ status: 'acknowledged', detail: 'Collected and acknowledged by the GP practice.' });
    expect(acknowledged.at!.getTime()).toBeGreaterThanOrEqual(Math.floor(sentAt.getTime() / 1000) * 1000);
    expect(server.authFailures).toEqual([]);

    // Another mailbox cannot track our message: MESH answers 404, which the adapter reads as "no record".
    const stranger = meshGpDelivery(cfg({ mailboxId: GP_MAILBOX, password: 'gp-password' }), fast);
    expect(await stranger.track(sent.messageId)).toMatchObject({ status: 'not_found' });
    stranger.client.close();
    gp.client.close();
  });

  it('sends a large document in chunks that the server reassembles exactly', async () => {
    const client = new MeshClient(cfg(), { ...fast, chunkSize: 1000 });
    const body = randomBytes(3500);
    const messageId = await client.send({
      to: GP_MAILBOX,
      workflowId: WORKFLOW,
      body,
      localId: 'big-1',
      subject: 'Clinic letter – Renée’s follow-up',
    });
    client.close();
    expect(server.messages.get(messageId)?.subject).toBe("Clinic letter - Renee's follow-up");
    expect(server.messages.get(messageId)).toMatchObject({ totalChunks: 4, status: 'accepted' });
    expect(server.assembled(messageId).equals(body)).toBe(true);
    const chunkPosts = server.requests.filter((r) => r.method === 'POST' && r.path.includes('/outbox'));
    expect(chunkPosts.map((r) => [r.path.replace(messageId, 'ID'), r.headers['mex-chunk-range'], r.bodyLength])).toEqual([
      [`/messageexchange/${US}/outbox`, '1:4', 1000],
      [`/messageexchange/${US}/outbox/ID/2`, '2:4', 1000],
      [`/messageexchange/${US}/outbox/ID/3`, '3:4', 1000],
      [`/messageexchange/${US}/outbox/ID/4`, '4:4', 500],
    ]);
  });

  it('a chunk that meets a 503 is sent again and the message still arrives whole', async () => {
    const client = new MeshClient(cfg(), { ...fast, chunkSize: 1000 });
    const body = randomBytes(2500);
    server.failChunkOnce(2, 503);
    const messageId = await client.send({ to: GP_MAILBOX, workflowId: WORKFLOW, body });
    client.close();
    expect(server.assembled(messageId).equals(body)).toBe(true);
    const chunk2 = server.requests.filter((r) => r.path.endsWith(`/outbox/${messageId}/2`));
    expect(chunk2).toHaveLength(2);
  });

  it('wrong password, wrong shared key and a stale clock are refused with a clear, permanent error', async () => {
    for (const [over, why] of [
      [{ password: 'not-the-password' }, 'invalid authentication token'],
      [{ sharedKey: 'wrong-key' }, 'invalid authentication token'],
    ] as const) {
      const client = new MeshClient(cfg(over), fast);
      const err = await caught(client.handshake());
      client.close();
      expect(err.kind).toBe('permanent');
      expect(err.status).toBe(403);
      expect(err.reason).toBe(
        'MESH refused our credentials while validating the mailbox (HTTP 403): check the MESH mailbox id, password and shared key.',
      );
      expect(err.reason).not.toContain(over.password ?? over.sharedKey);
      expect(server.authFailures.at(-1)).toBe(why);
    }
    const stale = new MeshClient(cfg(), { ...fast, now: () => new Date(Date.now() - 3 * 60 * 60 * 1000) });
    expect((await caught(stale.handshake())).kind).toBe('permanent');
    stale.close();
    expect(server.authFailures.at(-1)).toBe('timestamp more than 2 hours from server time');
    // Only the failed attempts: permanent errors are not retried.
    expect(server.requests).toHaveLength(3);
  });

  it('every request has a fresh token: the server would refuse a replay', async () => {
    const client = new MeshClient(cfg(), fast);
    await client.handshake();
    await client.handshake();
    client.close();
    const [a, b] = server.requests.map((r) => r.headers.authorization);
    expect(a).not.toBe(b);
    const replay = await new Promise<number>((resolve) => {
      const r = http.request(`${server.url}/messageexchange/${US}`, { method: 'POST', headers: { authorization: a } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      r.end();
    });
    expect(replay).toBe(403);
    expect(server.authFailures.at(-1)).toBe('duplicated authentication token');
  });

  it('transient failures: retried for tracking; reported as transient (for the job to retry) when they persist or hit the first send', async () => {
    const gp = meshGpDelivery(cfg(), fast);
    const { messageId } = await gp.sendDocument({
      odsCode: 'A81001',
      nhsNumber: '9434765919',
      bundle: letter(),
      localId: 'd-1',
      subject: 'Clinic letter',
    });

    server.failNext(2, 503);
    expect((await gp.track(messageId)).status).toBe('accepted');

    server.failNext(10, 503);
    const err = await caught(gp.track(messageId));
    expect(err).toMatchObject({ kind: 'transient', status: 503, retryable: true });
    expect(err.reason).toBe('MESH was unavailable while tracking the message (HTTP 503); it will be tried again.');

    server.failNext(0, 503);
    server.requests.length = 0;
    const client = gp.client;
    server.failNext(1, 502);
    const sendErr = await caught(client.send({ to: GP_MAILBOX, workflowId: WORKFLOW, body: Buffer.from('x') }));
    expect(sendErr.kind).toBe('transient');
    // The first POST of a message is never repeated by the client (it could duplicate the letter).
    expect(server.requests.filter((r) => r.path === `/messageexchange/${US}/outbox`)).toHaveLength(1);
    client.close();
  });

  it('no answer at all is transient: connection refused and a server that never answers', async () => {
    const dead = http.createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    const refused = new MeshClient(cfg({ url: `http://127.0.0.1:${port}` }), { retries: 0 });
    const e1 = await caught(refused.handshake());
    refused.close();
    expect(e1.kind).toBe('transient');
    expect(e1.reason).toBe('MESH could not be reached while validating the mailbox (ECONNREFUSED); it will be tried again.');

    const silent = http.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const slow = new MeshClient(cfg({ url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 200 }), { retries: 0 });
    const e2 = await caught(slow.handshake());
    slow.close();
    silent.closeAllConnections();
    await new Promise<void>((r) => silent.close(() => r()));
    expect(e2.kind).toBe('transient');
    expect(e2.reason).toBe('MESH did not answer in time while validating the mailbox; it will be tried again.');
  });

  it('permanent failures carry the MESH error code and plain words; nothing is retried', async () => {
    const gp = meshGpDelivery(cfg(), fast);
    const doc = { odsCode: 'A81001', nhsNumber: '9434765919', bundle: letter(), localId: 'd-2', subject: 'Clinic letter' };
    server.refuseSends = { code: '16', msg: 'Sender not allowed' };
    const refused = await caught(gp.sendDocument(doc));
    expect(refused).toMatchObject({ kind: 'permanent', status: 417, code: '16', retryable: false });
    expect(refused.reason).toBe(
      'MESH rejected the request while sending the message: our mailbox is not allowed to send messages of this type (MESH error 16), HTTP 417.',
    );
    expect(server.requests.filter((r) => r.path.endsWith('/outbox'))).toHaveLength(1);
    server.refuseSends = null;

    const client = gp.client;
    const unregistered = await caught(client.send({ to: 'NOSUCHBOX', workflowId: WORKFLOW, body: Buffer.from('x') }));
    expect(unregistered).toMatchObject({ kind: 'permanent', code: '12' });
    const wrongWorkflow = await caught(client.send({ to: 'OTHERHC001', workflowId: WORKFLOW, body: Buffer.from('x') }));
    expect(wrongWorkflow.reason).toContain('the workflow is not registered for the mailbox (MESH error 17)');

    const noMailbox = await caught(gp.sendDocument({ ...doc, odsCode: 'B82002' }));
    expect(noMailbox).toMatchObject({ kind: 'permanent' });
    expect(noMailbox.reason).toBe(
      'The GP practice B82002 has no MESH mailbox that accepts GPCONNECT_SEND_DOCUMENT messages, so the letter cannot be sent electronically.',
    );
    const badNhs = await caught(gp.sendDocument({ ...doc, nhsNumber: '12' }));
    expect(badNhs.reason).toBe('The patient has no valid NHS number, which a GP practice needs to file the letter.');
    client.close();
  });

  it('a delivery error report arrives in our inbox; tracking says why; the report can be read and acknowledged', async () => {
    const gp = meshGpDelivery(cfg(), fast);
    const { messageId } = await gp.sendDocument({
      odsCode: 'A81001',
      nhsNumber: '9434765919',
      bundle: letter(),
      localId: 'd-3',
      subject: 'Clinic letter',
    });
    server.expire(messageId);
    expect(await gp.track(messageId)).toMatchObject({
      status: 'undeliverable',
      detail: 'The GP practice did not collect the letter from MESH within five days, so MESH withdrew it. (MESH code 14)',
    });
    const client = gp.client;
    const ids = await client.listInbox();
    expect(ids).toHaveLength(1);
    const report = await client.download(ids[0]!);
    expect(report).toMatchObject({
      messageType: 'REPORT',
      mex: expect.objectContaining({ linkedmsgid: messageId, statuscode: '14', localid: 'd-3' }),
    });
    await client.acknowledge(ids[0]!);
    expect(await client.listInbox()).toEqual([]);
    client.close();
  });

  it('without MESH configured, GP delivery says plainly that copies go to print', async () => {
    const gp = createGpDelivery({});
    expect(gp.configured).toBe(false);
    expect(gp.notConfiguredReason).toBe(GP_DELIVERY_NOT_CONFIGURED);
    const err = await caught(gp.sendDocument({ odsCode: 'A81001', nhsNumber: '9434765919', bundle: letter(), localId: 'd', subject: 's' }));
    expect(err).toMatchObject({ kind: 'not_configured', reason: GP_DELIVERY_NOT_CONFIGURED, retryable: false });
    const partly = createGpDelivery({ MESH_URL: 'https://mesh.example', MESH_MAILBOX_ID: 'X' });
    expect(partly.notConfiguredReason).toContain('MESH settings are incomplete');
    expect(partly.notConfiguredReason).toContain('printed and posted');
  });
});

describe('MESH over mutual TLS', () => {
  let pki: ReturnType<typeof makeTestPki>;
  let tlsServer: MeshTestServer;
  beforeAll(async () => {
    pki = makeTestPki();
    tlsServer = await startMeshServer({ sharedKey: SHARED_KEY, mailboxes, tls: { cert: pki.serverCert, key: pki.serverKey, ca: pki.ca } });
  });
  afterAll(() => tlsServer?.close());

  const env = (over: Record<string, string> = {}) => ({
    MESH_URL: tlsServer.url,
    MESH_MAILBOX_ID: US,
    MESH_PASSWORD: 'our-password',
    MESH_SHARED_KEY: SHARED_KEY,
    MESH_CLIENT_CERT: pki.paths.clientCert,
    MESH_CLIENT_KEY: pki.paths.clientKey,
    MESH_CA_CERT: pki.paths.ca,
    ...over,
  });

  it('configured from certificate paths, the client validates and sends over https', async () => {
    const r = meshConfigFromEnv(env());
    if (!r.ok) throw new Error(r.reason);
    const gp = meshGpDelivery(r.config, fast);
    await gp.client.handshake();
    const bundle = letter();
    const { messageId } = await gp.sendDocument({
      odsCode: 'A81001',
      nhsNumber: '9434765919',
      bundle,
      localId: 'tls-1',
      subject: 'Clinic letter',
    });
    expect(tlsServer.assembled(messageId).equals(bundle)).toBe(true);
    gp.client.close();
  });

  it('a client certificate from another CA is refused; an untrusted server certificate is a permanent configuration error', async () => {
    const stranger = meshConfigFromEnv(env({ MESH_CLIENT_CERT: pki.paths.strangerCert, MESH_CLIENT_KEY: pki.paths.strangerKey }));
    if (!stranger.ok) throw new Error(stranger.reason);
    const c1 = new MeshClient(stranger.config, { retries: 0 });
    const e1 = await caught(c1.handshake());
    c1.close();
    expect(tlsServer.requests.filter((r) => r.path === `/messageexchange/${US}`)).toHaveLength(1); // only the first test's
    expect(['permanent', 'transient']).toContain(e1.kind);

    const noCa = meshConfigFromEnv({ ...env(), MESH_CA_CERT: '' });
    if (!noCa.ok) throw new Error(noCa.reason);
    const c2 = new MeshClient(noCa.config, { retries: 0 });
    const e2 = await caught(c2.handshake());
    c2.close();
    expect(e2.kind).toBe('permanent');
    expect(e2.reason).toMatch(
      /^The secure connection to MESH failed while validating the mailbox \(.+\): check the MESH client certificate, key and CA certificate\.$/,
    );
  });
});
