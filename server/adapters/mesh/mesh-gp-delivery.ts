/**
 * GpDelivery over MESH: find the GP practice's mailbox from its ODS code and the workflow (endpoint
 * lookup), send the FHIR document Bundle to it, and read tracking. `createGpDelivery` picks MESH when it
 * is configured and the notConfigured adapter (GP copies to print, with the reason) otherwise.
 */
import {
  GP_DELIVERY_NOT_CONFIGURED,
  GP_TRACKING_INTERVAL_MS,
  GpDeliveryError,
  notConfiguredGpDelivery,
  type GpDelivery,
  type GpDocument,
  type GpReport,
} from '../gp-delivery';
import { MeshClient, type MeshClientOptions } from './mesh-client';
import { meshConfigFromEnv, type MeshConfig } from './mesh-config';
import { readReport, readTracking, TRACKING_NOT_FOUND } from './mesh-tracking';

const ODS_CODE = /^[A-Z0-9]{3,10}$/;
const NHS_NUMBER = /^\d{10}$/;
/** mex-localid must not contain patient data (mesh-api.yaml "Outbox workflow"); keep it a plain id. */
const LOCAL_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** Ids of messages in our inbox known not to be reports, so they are not downloaded again each run. */
const KNOWN_OTHERS_MAX = 10_000;

export function meshGpDelivery(cfg: MeshConfig, opts: MeshClientOptions = {}): GpDelivery & { client: MeshClient } {
  const client = new MeshClient(cfg, opts);
  const others = new Set<string>();
  return {
    configured: true,
    notConfiguredReason: null,
    trackingIntervalMs: cfg.trackingIntervalMs ?? GP_TRACKING_INTERVAL_MS,
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
      try {
        return readTracking(await client.track(messageId));
      } catch (err) {
        // Tracking answers 404 for a message MESH does not hold for this mailbox (the sandbox: "matching spine").
        if (err instanceof GpDeliveryError && err.status === 404) {
          return { status: 'not_found', detail: TRACKING_NOT_FOUND };
        }
        throw err;
      }
    },
    /**
     * The inbox poll of the specification ("Inbox poll cycle"): list, download each message and look at
     * Mex-MessageType. REPORTs are answered (to be acknowledged once acted on); anything else — another
     * workflow's DATA, not ours to consume — is neither acknowledged nor kept, only counted, and not
     * downloaded again by this process.
     */
    async readReports() {
      const ids = await client.listInbox();
      const reports: GpReport[] = [];
      let count = 0;
      for (const id of ids) {
        if (others.has(id)) {
          count++;
          continue;
        }
        const msg = await client.download(id);
        if (msg.messageType.toUpperCase() !== 'REPORT') {
          if (others.size >= KNOWN_OTHERS_MAX) others.clear();
          others.add(id);
          count++;
          continue;
        }
        reports.push({ id, ...readReport(msg.mex) });
      }
      return { reports, others: count };
    },
    acknowledgeReport: (id: string) => client.acknowledge(id),
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
