/**
 * MESH settings from the environment. Read here (not server/config.ts) so the adapter is self-contained;
 * the lead may move them. Nothing here is ever logged: `describeMeshConfig` gives a safe summary.
 *
 *   MESH_URL           base URL, e.g. https://msg.intspineservices.nhs.uk (integration) or
 *                      https://mesh-sync.spineservices.nhs.uk (production) — mesh-api.yaml "Environments"
 *   MESH_MAILBOX_ID    our mailbox id (upper case)
 *   MESH_PASSWORD      the mailbox password
 *   MESH_SHARED_KEY    the environment shared secret (HMAC key of the Authorization header)
 *   MESH_CLIENT_CERT   path to our client certificate (PEM) for mutual TLS
 *   MESH_CLIENT_KEY    path to its private key (PEM)
 *   MESH_CA_CERT       path to the CA bundle that signed the MESH server certificate (PEM)
 *   MESH_WORKFLOW_ID   workflow for GP letters; default GPCONNECT_SEND_DOCUMENT (see below)
 *   MESH_TIMEOUT_MS    per-request timeout, default 30000
 *   MESH_TRACKING_INTERVAL_MS
 *                      how often the tracking job looks at our copies and our inbox, and the first wait
 *                      after sending (each copy then waits twice as long each time, at most 24 intervals);
 *                      default 300000 (5 minutes: the specification asks for polls at most every 5 minutes)
 *
 * Default workflow: GPCONNECT_SEND_DOCUMENT is the MESH workflow for a provider sending a document
 * (PDF in a FHIR Binary) to the patient's GP practice; it is one of the workflows that MESH routes
 * to the GP practice mailbox (digital.nhs.uk "MESH endpoint lookup service and WorkflowIDs"). The
 * Transfer of Care workflows (TOC_FHIR_OP_ATTEN clinic letter, TOC_FHIR_IP_DISCH discharge) expect
 * the structured ITK FHIR STU3 payloads, which this app does not produce.
 */
import { readFileSync } from 'node:fs';

export const DEFAULT_GP_WORKFLOW_ID = 'GPCONNECT_SEND_DOCUMENT';
export const DEFAULT_MESH_TIMEOUT_MS = 30_000;
export const DEFAULT_MESH_TRACKING_INTERVAL_MS = 5 * 60_000;

export interface MeshTls {
  cert: Buffer;
  key: Buffer;
  ca?: Buffer;
}

export interface MeshConfig {
  url: string;
  mailboxId: string;
  password: string;
  sharedKey: string;
  workflowId: string;
  timeoutMs: number;
  /** MESH_TRACKING_INTERVAL_MS: tracking and inbox runs, the first wait of each copy's backoff (default 5 minutes). */
  trackingIntervalMs?: number;
  tls?: MeshTls;
}

export type MeshConfigResult = { ok: true; config: MeshConfig } | { ok: false; reason: string };

type Env = Record<string, string | undefined>;

function readPem(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch {
    throw new Error(`MESH ${what} could not be read from the path in the configuration.`);
  }
}

/**
 * `{ ok: false, reason }` when MESH is not set up (no MESH_URL / mailbox) or is set up wrongly; the
 * reason names the missing setting, never a value.
 */
export function meshConfigFromEnv(env: Env = process.env): MeshConfigResult {
  const url = env.MESH_URL?.trim();
  const mailboxId = env.MESH_MAILBOX_ID?.trim();
  if (!url && !mailboxId) return { ok: false, reason: 'MESH is not configured (MESH_URL and MESH_MAILBOX_ID are not set).' };
  const missing = (['MESH_URL', 'MESH_MAILBOX_ID', 'MESH_PASSWORD', 'MESH_SHARED_KEY'] as const).filter((k) => !env[k]?.trim());
  if (missing.length) return { ok: false, reason: `MESH is only partly configured: ${missing.join(', ')} not set.` };
  let parsed: URL;
  try {
    parsed = new URL(url!);
  } catch {
    return { ok: false, reason: 'MESH_URL is not a valid URL.' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, reason: 'MESH_URL must be an https URL.' };
  const certPath = env.MESH_CLIENT_CERT?.trim();
  const keyPath = env.MESH_CLIENT_KEY?.trim();
  const caPath = env.MESH_CA_CERT?.trim();
  if (!!certPath !== !!keyPath) return { ok: false, reason: 'MESH_CLIENT_CERT and MESH_CLIENT_KEY must be set together.' };
  if (parsed.protocol === 'https:' && !certPath) {
    return { ok: false, reason: 'MESH over https needs a client certificate: MESH_CLIENT_CERT and MESH_CLIENT_KEY are not set.' };
  }
  const timeoutMs = Number(env.MESH_TIMEOUT_MS ?? DEFAULT_MESH_TIMEOUT_MS);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) return { ok: false, reason: 'MESH_TIMEOUT_MS must be a positive number.' };
  const trackingIntervalMs = Number(env.MESH_TRACKING_INTERVAL_MS?.trim() || DEFAULT_MESH_TRACKING_INTERVAL_MS);
  if (!Number.isInteger(trackingIntervalMs) || trackingIntervalMs < 500)
    return { ok: false, reason: 'MESH_TRACKING_INTERVAL_MS must be a whole number of milliseconds, at least 500.' };
  let tls: MeshTls | undefined;
  try {
    if (certPath && keyPath) {
      tls = { cert: readPem(certPath, 'client certificate'), key: readPem(keyPath, 'client key') };
      if (caPath) tls.ca = readPem(caPath, 'CA certificate');
    }
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  return {
    ok: true,
    config: {
      url: url!.replace(/\/+$/, ''),
      mailboxId: mailboxId!.toUpperCase(),
      password: env.MESH_PASSWORD!,
      sharedKey: env.MESH_SHARED_KEY!,
      workflowId: env.MESH_WORKFLOW_ID?.trim() || DEFAULT_GP_WORKFLOW_ID,
      timeoutMs,
      trackingIntervalMs,
      ...(tls ? { tls } : {}),
    },
  };
}

/** A summary fit for a log line: no password, no shared key. */
export function describeMeshConfig(c: MeshConfig): string {
  return `MESH ${new URL(c.url).host} mailbox ${c.mailboxId} workflow ${c.workflowId}${c.tls ? ' (mutual TLS)' : ''}`;
}
