/** The caller's own signature (job title, registration number), printed under the letters they approve. */
import type { Signature } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { RequestAuth } from '../auth/request-auth';
import { fullNameOf } from '../letters/dictation-scope';
import { findSignatureDetails, saveSignatureDetails } from './signature.repository';

export function createSignatureService(db: Db) {
  async function get(auth: RequestAuth): Promise<Signature> {
    const me = await findSignatureDetails(db, auth.ctx.user.id);
    return { name: fullNameOf(auth), job_title: me?.jobTitle ?? null, registration_number: me?.registrationNumber ?? null };
  }

  return {
    get,
    async save(auth: RequestAuth, body: { job_title: string | null; registration_number: string | null }, ip: string): Promise<Signature> {
      await saveSignatureDetails(db, auth.ctx.user.id, { jobTitle: body.job_title, registrationNumber: body.registration_number });
      await audit(db, {
        trustId: auth.ctx.user.trustId,
        userId: auth.ctx.user.id,
        action: 'user.signature_changed',
        entityType: 'user',
        entityId: auth.ctx.user.id,
        ip,
      });
      return get(auth);
    },
  };
}
