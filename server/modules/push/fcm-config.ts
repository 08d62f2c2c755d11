/**
 * Firebase Cloud Messaging settings: FIREBASE_SERVICE_ACCOUNT (the service-account key's JSON, or the
 * path to its file) and, for tests or an egress proxy only, FCM_API_URL / FCM_TOKEN_URL. The key is a
 * secret: errors name what is wrong with it, never a value, and the private key is kept only as a
 * KeyObject (which prints and serialises as nothing).
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const FCM_API_URL = 'https://fcm.googleapis.com';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

export interface FcmConfig {
  projectId: string;
  clientEmail: string;
  privateKeyId: string | undefined;
  privateKey: KeyObject;
  /** Base of the FCM v1 API (…/v1/projects/{id}/messages:send is added). */
  apiUrl: string;
  /** The OAuth 2.0 token endpoint; also the JWT assertion's audience. */
  tokenUrl: string;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function invalid(what: string, why: string): never {
  throw new Error(`Invalid configuration:\n  ${what}: ${why}`);
}

function readKeyText(value: string): string {
  const text = value.trim();
  if (text.startsWith('{')) return text;
  try {
    return readFileSync(text, 'utf8');
  } catch {
    invalid('FIREBASE_SERVICE_ACCOUNT', "is neither the service-account key's JSON nor the path of a readable file holding it");
  }
}

/** An https base URL (http only on this machine, for tests), without a trailing slash. */
function baseUrl(name: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    invalid(name, 'must be a URL');
  }
  const ok = url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  if (!ok || url.username || url.password) invalid(name, 'must be an https URL (http only to localhost)');
  return value.replace(/\/+$/, '');
}

/**
 * The FCM settings, or null when FIREBASE_SERVICE_ACCOUNT is not set. A key that is set but unusable
 * stops the server at start with the reason, so a typo is not found at the first clinician's push.
 */
export function fcmConfigFromEnv(env: {
  FIREBASE_SERVICE_ACCOUNT?: string;
  FCM_API_URL?: string;
  FCM_TOKEN_URL?: string;
}): FcmConfig | null {
  const given = env.FIREBASE_SERVICE_ACCOUNT?.trim();
  if (!given) {
    if (env.FCM_API_URL || env.FCM_TOKEN_URL) invalid('FCM_API_URL, FCM_TOKEN_URL', 'need FIREBASE_SERVICE_ACCOUNT');
    return null;
  }
  let key: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(readKeyText(given));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    key = parsed as Record<string, unknown>;
  } catch (err) {
    if ((err as Error).message.startsWith('Invalid configuration')) throw err;
    invalid('FIREBASE_SERVICE_ACCOUNT', 'the service-account key is not valid JSON');
  }
  if (key.type !== 'service_account') {
    invalid('FIREBASE_SERVICE_ACCOUNT', 'is not a service-account key (its "type" must be "service_account")');
  }
  const missing = (['project_id', 'client_email', 'private_key'] as const).filter(
    (k) => typeof key[k] !== 'string' || !(key[k] as string).trim(),
  );
  if (missing.length) invalid('FIREBASE_SERVICE_ACCOUNT', `the service-account key lacks ${missing.join(', ')}`);
  const projectId = (key.project_id as string).trim();
  if (!/^[a-z][a-z0-9-]{4,29}$/.test(projectId)) invalid('FIREBASE_SERVICE_ACCOUNT', 'project_id is not a Google Cloud project id');
  let privateKey: KeyObject;
  try {
    // A key pasted through a shell or an env file often arrives with its newlines as the two characters \n.
    privateKey = createPrivateKey({ key: (key.private_key as string).replace(/\\n/g, '\n'), format: 'pem' });
  } catch {
    invalid('FIREBASE_SERVICE_ACCOUNT', 'private_key is not a PEM private key');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') invalid('FIREBASE_SERVICE_ACCOUNT', 'private_key is not an RSA key (RS256 needs one)');
  return {
    projectId,
    clientEmail: (key.client_email as string).trim(),
    privateKeyId: typeof key.private_key_id === 'string' ? key.private_key_id : undefined,
    privateKey,
    apiUrl: baseUrl('FCM_API_URL', env.FCM_API_URL, FCM_API_URL),
    tokenUrl: baseUrl('FCM_TOKEN_URL', env.FCM_TOKEN_URL, GOOGLE_TOKEN_URL),
  };
}
