/**
 * GpDelivery over MESH: find the GP practice's mailbox from its ODS code and the workflow (endpoint
 * lookup), send the FHIR document Bundle to it, and read tracking. `createGpDelivery` picks MESH when it
 * is configured and the notConfigured adapter (GP copies to print, with the reason) otherwise.
 */
import {
  GP_DELIVERY_NOT_CONFIGURED,
  GpDeliveryError,
  notConfiguredGpDelivery,
  type GpDelivery,
  type GpDocument,
  type GpTrackStatus,
} from '../gp-delivery';
import { MeshClient, type MeshClientOptions } from './mesh-client';
import { meshConfigFromEnv, type MeshConfig } from './mesh-config';

const ODS_CODE = /^[A-Z0-9]{3,10}$/;
const NHS_NUMBER = /^\d{10}$/;
/** mex-localid must not contain patient data (mesh-api.yaml "Outbox workflow"); keep it a plain id. */
const LOCAL_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const KNOWN: readonly GpTrackStatus[] = ['uploading', 'accepted', 'acknowledged', 'undeliverable', 'error'];

export function meshGpDelivery(cfg: MeshConfig, opts: MeshClientOptions = {}): GpDelivery & { client: MeshClient } {
  const client = new MeshClient(cfg, opts);
  return {
    configured: true,
    notConfiguredReason: null,
    client,
    async sendDocument(doc: GpDocument) {
      const odsCode = doc.odsCode.trim().toUpperCase();
      if (!ODS_CODE.test(odsCode)) throw new GpDeliveryError('permanent', 'The GP practice code is not a valid ODS code.');
      if (!NHS_NUMBER.test(doc.nhsNumber))
        throw new GpDeliveryError('permanent', 'The patient has no valid NHS number, which a GP practice needs to file the letter.');
      if (!LOCAL_ID.test(doc.localId)) throw new GpDeliveryError('permanent', 'The delivery reference is not a plain identifier.');
      const mailboxes = await client.lookupMailboxes(odsCode, cfg.workflowId);
      const to = mailboxes[0]?.mailbox_id;
      if (!to) {
        throw new GpDeliveryError(
          'permanent',
          `The GP practice ${odsCode} has no MESH mailbox that accepts ${cfg.workflowId} messages, so the letter cannot be sent electronically.`,
        );
      }
      const messageId = await client.send({
        to,
        workflowId: cfg.workflowId,
        body: doc.bundle,
        localId: doc.localId,
        subject: doc.subject.slice(0, 500),
        filename: `${doc.localId}.json`,
        contentType: 'application/fhir+json',
      });
      return { messageId, recipient: to };
    },
    async track(messageId: string) {
      const t = await client.track(messageId);
      const raw = (t.status ?? '').toLowerCase();
      const status: GpTrackStatus = (KNOWN as readonly string[]).includes(raw) ? (raw as GpTrackStatus) : 'unknown';
      const words: Record<GpTrackStatus, string> = {
        uploading: 'Still being uploaded to MESH.',
        accepted: 'In the GP practice’s MESH inbox, not yet collected.',
        acknowledged: 'Collected and acknowledged by the GP practice.',
        undeliverable: 'MESH could not deliver it to the GP practice.',
        error: 'MESH reported an error delivering it.',
        unknown: `MESH reported the status “${raw || 'none'}”.`,
      };
      const code = t.status_code && t.status_code !== '00' && t.status_success === false ? ` (MESH code ${t.status_code})` : '';
      const detail =
        t.status_description && status !== 'accepted' && status !== 'acknowledged'
          ? `${words[status]} ${t.status_description}${code}`.trim()
          : words[status];
      return { status, detail };
    },
  };
}

/** MESH when MESH_* is configured; otherwise the adapter that sends GP copies to print with the reason. */
export function createGpDelivery(env: Record<string, string | undefined> = process.env, opts: MeshClientOptions = {}): GpDelivery {
  const cfg = meshConfigFromEnv(env);
  if (cfg.ok) return meshGpDelivery(cfg.config, opts);
  const nothingSet = !env.MESH_URL?.trim() && !env.MESH_MAILBOX_ID?.trim();
  return notConfiguredGpDelivery(
    nothingSet
      ? GP_DELIVERY_NOT_CONFIGURED
      : `Electronic delivery to GP practices is not working because the MESH settings are incomplete (${cfg.reason}) GP copies are printed and posted instead.`,
  );
}
