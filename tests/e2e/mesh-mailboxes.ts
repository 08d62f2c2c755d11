/**
 * The MESH mailboxes of the browser tests' MESH (tests/e2e/mesh-app-server.ts): the trust's own, and the
 * demo GP practice Riverside Medical Centre's (ODS code A99001, server/db/demo-patients.ts), which the test
 * uses as the practice's own system would. Test values, not secrets.
 */
import { MESH_PORT } from './ports';

export const MESH_URL = `http://127.0.0.1:${MESH_PORT}`;
export const MESH_SHARED_KEY = 'e2e-mesh-environment-secret';
export const MESH_WORKFLOW = 'GPCONNECT_SEND_DOCUMENT';
export const TRUST_MAILBOX = { id: 'X26HC006', password: 'e2e-trust-mailbox-password' };
export const PRACTICE = {
  mailbox: 'A99001HC001',
  password: 'e2e-practice-mailbox-password',
  odsCode: 'A99001',
  name: 'Riverside Medical Centre',
  address: ['1 Riverside Walk', 'Demoton', 'DM1 4RW'],
};
