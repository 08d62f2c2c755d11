/**
 * The app as a trust sending GP copies over MESH runs it, for the browser tests: the in-test MESH server
 * (tests/api/mesh-server.ts, the specification's endpoints with the NHSMESH Authorization checked) on
 * MESH_PORT, and the real server with MESH_* pointing at it, in one process. Tracking runs every second
 * (MESH_TRACKING_INTERVAL_MS) so a practice's acknowledgement shows within seconds, as it would within
 * minutes in production. The test can make MESH give up on a message as when the practice never collects
 * it (POST /_control/expire/{message_id}: status undeliverable, an error report in our inbox). Only tests/e2e/mesh.spec.ts uses this server: the main one keeps "no MESH
 * configured", which the other letters-out tests rely on.
 */
import { startMeshServer } from '../api/mesh-server';
import { MESH_SHARED_KEY, MESH_WORKFLOW, PRACTICE, TRUST_MAILBOX } from './mesh-mailboxes';
import { MESH_PORT } from './ports';

const mesh = await startMeshServer({
  sharedKey: MESH_SHARED_KEY,
  port: MESH_PORT,
  httpControls: true,
  mailboxes: {
    [TRUST_MAILBOX.id]: { password: TRUST_MAILBOX.password },
    [PRACTICE.mailbox]: { password: PRACTICE.password, odsCode: PRACTICE.odsCode, workflows: [MESH_WORKFLOW] },
  },
});

Object.assign(process.env, {
  MESH_URL: mesh.url,
  MESH_MAILBOX_ID: TRUST_MAILBOX.id,
  MESH_PASSWORD: TRUST_MAILBOX.password,
  MESH_SHARED_KEY,
  MESH_WORKFLOW_ID: MESH_WORKFLOW,
  MESH_TRACKING_INTERVAL_MS: '1000',
});
await import('../../server/main');
