import { describe, expect, it } from 'vitest';
import { meshAuthorization, meshHash, meshTimestamp } from '../../server/adapters/mesh/mesh-auth';
import { meshConfigFromEnv, describeMeshConfig } from '../../server/adapters/mesh/mesh-config';
import { meshHttpError, meshNetworkError } from '../../server/adapters/mesh/mesh-errors';

/*
 * Vector: computed with the Python implementation printed in the MESH API specification
 * (mesh-api.yaml "MESH Authorization header", hmac.HMAC(key, msg, sha256).hexdigest()) for the
 * mailbox, nonce and timestamp of the specification's curl example; key "TestKey", password "password".
 * (The specification's own example hashes are redacted placeholders, so they cannot be checked.)
 */
const creds = { mailboxId: 'X26HC005', password: 'password', sharedKey: 'TestKey' };
const nonce = '1c820cd4-be3e-43ff-807f-e65362892722';
const at = new Date(Date.UTC(2020, 5, 4, 17, 18, 42));

describe('MESH Authorization header', () => {
  it('matches the reference implementation for the specification example', () => {
    expect(meshAuthorization(creds, { nonce, nonceCount: 0, now: at })).toBe(
      `NHSMESH X26HC005:${nonce}:0:202006041718:810c161424ec5ad29a5c12afb797d6d96b418665e9993492ce469a2ea256e877`,
    );
    expect(meshHash('TestKey', 'X26HC005', nonce, 3, 'password', '202006041718')).toBe(
      '508c979a3561fa3bc2839360699bcdf0c4ed4e980f94f29e10892889b641e07e',
    );
  });

  it('uses UTC yyyyMMddHHmm, upper-cases the mailbox and takes a new nonce each time', () => {
    expect(meshTimestamp(new Date(Date.UTC(2026, 0, 2, 3, 4, 59)))).toBe('202601020304');
    const a = meshAuthorization({ ...creds, mailboxId: 'x26hc005' });
    const b = meshAuthorization({ ...creds, mailboxId: 'x26hc005' });
    expect(a).toMatch(/^NHSMESH X26HC005:[0-9a-f-]{36}:0:\d{12}:[0-9a-f]{64}$/);
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
  });

  it('never contains the password or the shared key', () => {
    const h = meshAuthorization({ mailboxId: 'X26HC005', password: 'pw-SECRET-1', sharedKey: 'key-SECRET-2' });
    expect(h).not.toContain('SECRET');
  });
});

describe('MESH configuration from the environment', () => {
  const base = { MESH_URL: 'http://127.0.0.1:9', MESH_MAILBOX_ID: 'x26hc006', MESH_PASSWORD: 'pw', MESH_SHARED_KEY: 'k' };

  it('is "not configured" with nothing set, and names what is missing when partly set', () => {
    expect(meshConfigFromEnv({})).toEqual({ ok: false, reason: expect.stringContaining('not configured') });
    const partly = meshConfigFromEnv({ MESH_URL: 'https://mesh.example', MESH_MAILBOX_ID: 'X' });
    expect(partly).toEqual({ ok: false, reason: expect.stringContaining('MESH_PASSWORD, MESH_SHARED_KEY') });
  });

  it('needs a client certificate for https and reads the paths given', () => {
    const r = meshConfigFromEnv({ ...base, MESH_URL: 'https://mesh.example' });
    expect(r.ok).toBe(false);
    const missingFile = meshConfigFromEnv({
      ...base,
      MESH_URL: 'https://mesh.example',
      MESH_CLIENT_CERT: '/nope/c.pem',
      MESH_CLIENT_KEY: '/nope/k.pem',
    });
    expect(missingFile).toEqual({ ok: false, reason: 'MESH client certificate could not be read from the path in the configuration.' });
  });

  it('defaults the workflow to GP Connect Send Document and upper-cases the mailbox', () => {
    const r = meshConfigFromEnv(base);
    expect(r.ok && r.config).toMatchObject({ mailboxId: 'X26HC006', workflowId: 'GPCONNECT_SEND_DOCUMENT', timeoutMs: 30000 });
    if (r.ok) expect(describeMeshConfig(r.config)).not.toMatch(/pw|\bk\b/);
  });

  it('tracks every five minutes unless MESH_TRACKING_INTERVAL_MS says otherwise (whole milliseconds, at least 500)', () => {
    const r = meshConfigFromEnv(base);
    expect(r.ok && r.config.trackingIntervalMs).toBe(300_000);
    const short = meshConfigFromEnv({ ...base, MESH_TRACKING_INTERVAL_MS: '1000' });
    expect(short.ok && short.config.trackingIntervalMs).toBe(1000);
    for (const bad of ['0', '-5', '1.5', 'soon', '100'])
      expect(meshConfigFromEnv({ ...base, MESH_TRACKING_INTERVAL_MS: bad })).toEqual({
        ok: false,
        reason: 'MESH_TRACKING_INTERVAL_MS must be a whole number of milliseconds, at least 500.',
      });
  });
});

describe('MESH failures, classified', () => {
  it('5xx and 429 are transient; 403 is a credentials problem; 417 carries the MESH code in words', () => {
    expect(meshHttpError('sending the message', 503, undefined)).toMatchObject({ kind: 'transient', status: 503 });
    expect(meshHttpError('sending the message', 429, undefined).kind).toBe('transient');
    const auth = meshHttpError('validating the mailbox', 403, undefined);
    expect(auth).toMatchObject({ kind: 'permanent' });
    expect(auth.reason).toContain('check the MESH mailbox id, password and shared key');
    const v2 = meshHttpError('sending the message', 417, { detail: [{ event: 'SEND', code: '12', msg: 'Unregistered recipient' }] });
    expect(v2).toMatchObject({ kind: 'permanent', code: '12' });
    expect(v2.reason).toBe(
      'MESH rejected the request while sending the message: the recipient mailbox is not registered with MESH (MESH error 12), HTTP 417.',
    );
    const v1 = meshHttpError('sending the message', 417, { errorCode: '17', errorDescription: 'x' });
    expect(v1.reason).toContain('the workflow is not registered for the mailbox');
  });

  it('no answer is transient, a certificate problem is permanent', () => {
    expect(meshNetworkError('x', Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })).kind).toBe('transient');
    expect(meshNetworkError('x', Object.assign(new Error('t'), { name: 'TimeoutError' })).kind).toBe('transient');
    expect(meshNetworkError('x', Object.assign(new Error('c'), { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' })).kind).toBe('permanent');
  });
});
