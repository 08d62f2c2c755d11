/**
 * Google's side of FCM for tests, written from the published protocols: an OAuth 2.0 token endpoint for
 * the JWT bearer grant (RFC 7523, Google "OAuth 2.0 for Server to Server Applications") that verifies
 * the RS256 assertion with the service account's public key and checks iss / scope / aud / iat / exp,
 * and the FCM HTTP v1 `projects.messages.send` method that checks the bearer token and the message
 * shape and answers per token what a test asks for: UNREGISTERED, an invalid token, 429 with
 * Retry-After, 500, or success.
 */
import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export interface TestServiceAccount {
  /** The key file as Google issues it (JSON). */
  json: string;
  projectId: string;
  clientEmail: string;
  publicKey: KeyObject;
}

export function makeServiceAccount(projectId = 'wardnote-test'): TestServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `push-sender@${projectId}.iam.gserviceaccount.com`;
  const json = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    client_id: '100000000000000000001',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return { json, projectId, clientEmail, publicKey };
}

/** One scripted answer of messages:send for a token. */
export type FcmAnswer =
  | { kind: 'unregistered' }
  | { kind: 'invalid-token' }
  | { kind: 'bad-field'; field: string }
  | { kind: 'quota'; retryAfter: string }
  | { kind: 'internal' }
  | { kind: 'revoke-token' };

export interface ReceivedFcm {
  headers: IncomingHttpHeaders;
  raw: string;
  message: Record<string, unknown> & { token?: string; data?: Record<string, string>; notification?: Record<string, string> };
}

export interface TestFcmService {
  origin: string;
  tokenUrl: string;
  /** Successful token grants so far. */
  grants: number;
  /** Token requests refused, with the reason (a failed check in the assertion). */
  refusedGrants: string[];
  /** Messages accepted (200). */
  received: ReceivedFcm[];
  /** Requests to messages:send of any outcome. */
  sendAttempts: number;
  /** The next answers for this registration token, in order; then success again. */
  answer(token: string, ...answers: FcmAnswer[]): void;
  /** The service's clock (ms): real time plus what `advance` added. */
  clock(): number;
  /** Moves the service's clock on (a token's expiry without waiting an hour). */
  advance(ms: number): void;
  close(): Promise<void>;
}

const googleError = (code: number, status: string, message: string, details: unknown[] = []) => ({
  error: { code, message, status, details },
});
const fcmDetail = (errorCode: string) => ({ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode });
const badRequest = (field: string) => ({
  '@type': 'type.googleapis.com/google.rpc.BadRequest',
  fieldViolations: [{ field, description: `Invalid value at '${field}'` }],
});

const MESSAGE_FIELDS = new Set([
  'name',
  'data',
  'notification',
  'android',
  'webpush',
  'apns',
  'fcm_options',
  'token',
  'topic',
  'condition',
]);

/** The v1 Message checks FCM makes before it accepts one: a single target, string data, known fields. */
function messageProblem(message: unknown): string | null {
  if (!message || typeof message !== 'object') return 'message';
  const m = message as Record<string, unknown>;
  const unknown = Object.keys(m).find((k) => !MESSAGE_FIELDS.has(k));
  if (unknown) return `message.${unknown}`;
  const targets = ['token', 'topic', 'condition'].filter((k) => m[k] !== undefined);
  if (targets.length !== 1) return 'message.token';
  for (const part of ['data', 'notification'] as const) {
    const v = m[part];
    if (v === undefined) continue;
    if (!v || typeof v !== 'object') return `message.${part}`;
    const bad = Object.entries(v).find(([, x]) => typeof x !== 'string');
    if (bad) return `message.${part}.${bad[0]}`;
  }
  return null;
}

export async function startFcmService(account: TestServiceAccount, opts: { tokenLifetimeS?: number } = {}): Promise<TestFcmService> {
  const lifetime = opts.tokenLifetimeS ?? 3600;
  const issued = new Map<string, number>(); // access token → expiry (ms)
  const scripts = new Map<string, FcmAnswer[]>();
  const state = {
    grants: 0,
    refusedGrants: [] as string[],
    received: [] as ReceivedFcm[],
    sendAttempts: 0,
  };
  let offset = 0;
  const clock = () => Date.now() + offset;
  let tokenUrl = '';

  function checkAssertion(assertion: string): string | null {
    const parts = assertion.split('.');
    if (parts.length !== 3) return 'not a JWS';
    const [h, p, s] = parts as [string, string, string];
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
    if (header.alg !== 'RS256') return 'alg';
    if (!verify('sha256', Buffer.from(`${h}.${p}`), account.publicKey, Buffer.from(s, 'base64url'))) return 'signature';
    const c = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const nowS = clock() / 1000;
    if (c.iss !== account.clientEmail) return 'iss';
    if (typeof c.scope !== 'string' || !c.scope.split(' ').includes(FCM_SCOPE)) return 'scope';
    if (c.aud !== tokenUrl) return 'aud';
    if (typeof c.iat !== 'number' || typeof c.exp !== 'number') return 'iat/exp';
    if (c.iat > nowS + 60 || c.exp <= nowS || c.exp - c.iat > 3600) return 'exp';
    return null;
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        void res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers }).end(JSON.stringify(body));

      if (req.method === 'POST' && req.url === '/token') {
        if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
          return json(400, { error: 'invalid_request', error_description: 'form encoding' });
        const form = new URLSearchParams(raw);
        if (form.get('grant_type') !== JWT_BEARER) return json(400, { error: 'unsupported_grant_type' });
        let problem: string | null;
        try {
          problem = checkAssertion(form.get('assertion') ?? '');
        } catch {
          problem = 'unreadable';
        }
        if (problem) {
          state.refusedGrants.push(problem);
          return json(400, { error: 'invalid_grant', error_description: `Invalid JWT: ${problem}` });
        }
        state.grants++;
        const token = `ya29.test-${randomBytes(16).toString('hex')}`;
        issued.set(token, clock() + lifetime * 1000);
        return json(200, { access_token: token, expires_in: lifetime, token_type: 'Bearer' });
      }

      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !send) return json(404, googleError(404, 'NOT_FOUND', 'Not found'));
      state.sendAttempts++;
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const expiry = bearer ? issued.get(bearer) : undefined;
      if (!bearer || expiry === undefined || expiry <= clock())
        return json(401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'));
      if (send[1] !== account.projectId) return json(403, googleError(403, 'PERMISSION_DENIED', 'Permission denied'));
      if (!String(req.headers['content-type']).startsWith('application/json'))
        return json(400, googleError(400, 'INVALID_ARGUMENT', 'JSON expected'));
      let body: { message?: ReceivedFcm['message'] };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return json(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
      }
      const field = messageProblem(body.message);
      if (field) return json(400, googleError(400, 'INVALID_ARGUMENT', `Invalid value at '${field}'`, [badRequest(field)]));
      const message = body.message!;
      const next = message.token ? scripts.get(message.token)?.shift() : undefined;
      if (next?.kind === 'unregistered')
        return json(404, googleError(404, 'NOT_FOUND', 'Requested entity was not found.', [fcmDetail('UNREGISTERED')]));
      if (next?.kind === 'invalid-token')
        return json(
          400,
          googleError(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', [
            fcmDetail('INVALID_ARGUMENT'),
          ]),
        );
      if (next?.kind === 'bad-field')
        return json(400, googleError(400, 'INVALID_ARGUMENT', `Invalid value at '${next.field}'`, [badRequest(next.field)]));
      if (next?.kind === 'quota')
        return json(429, googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded', [fcmDetail('QUOTA_EXCEEDED')]), {
          'retry-after': next.retryAfter,
        });
      if (next?.kind === 'internal') return json(500, googleError(500, 'INTERNAL', 'Internal error', [fcmDetail('INTERNAL')]));
      if (next?.kind === 'revoke-token') {
        issued.delete(bearer);
        return json(401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'));
      }
      state.received.push({ headers: req.headers, raw, message });
      return json(200, { name: `projects/${account.projectId}/messages/0:${randomBytes(8).toString('hex')}` });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  tokenUrl = `${origin}/token`;
  return Object.assign(state, {
    origin,
    tokenUrl,
    clock,
    advance(ms: number) {
      offset += ms;
    },
    answer(token: string, ...answers: FcmAnswer[]) {
      scripts.set(token, [...(scripts.get(token) ?? []), ...answers]);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
