/**
 * POST /api/dictation/manual (spec /manualletter): a letter without a recording, typed by a Secretary
 * or Manager for an author of their trust. It is a dictation like any other (reference, details,
 * audit trail), BEING_TYPED and assigned to its creator, whose letter starts as the job type's template
 * (GET letter answers it as version 0 until the first save), and it joins the same workflow.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { manualLetterSchema } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { checkDetails } from '../dictations/dictation-details';
import { addDictationLog, countWithPrefix, insertDictation, trustTimeZone } from '../dictations/dictations.repository';
import { findActiveInRole } from '../users/trust-people.repository';
import { referenceStamp, withSuffix } from '../dictations/reference';
import { notifyChange } from '../live/live-channel';
import { auditIdentityChoice, checkPatientIdentity } from '../patients/patient-identity';

type ManualLetter = z.output<typeof manualLetterSchema>;

const isReferenceClash = (err: unknown) =>
  /dictations_reference/.test(
    String((err as { message?: string })?.message) + String((err as { cause?: { message?: string } })?.cause?.message),
  );

export function createManualLetterService(db: Db) {
  async function checkAuthor(trustId: number, authorId: number) {
    const row = await findActiveInRole(db, trustId, authorId, ['Author']);
    if (!row) throw Errors.validation('That author cannot be chosen.', { author_id: ['That author cannot be chosen.'] });
  }

  return {
    /** Creates the dictation and answers its id. */
    async create(auth: RequestAuth, body: ManualLetter, ip: string): Promise<number> {
      const me = auth.ctx.user;
      await checkAuthor(me.trustId, body.author_id);
      await checkDetails(db, me.trustId, body);
      await checkPatientIdentity(db, me.trustId, body.patient);
      const stamp = referenceStamp(new Date(), await trustTimeZone(db, me.trustId));
      for (let attempt = 0; attempt < 5; attempt++) {
        const reference = withSuffix(stamp, (await countWithPrefix(db, me.trustId, stamp)) + 1 + attempt);
        try {
          return await db.transaction(async (tx) => {
            const d = await insertDictation(tx, {
              trustId: me.trustId,
              siteId: me.siteId,
              authorId: body.author_id,
              createdBy: me.id,
              clientId: randomUUID(),
              reference,
              status: 'BEING_TYPED',
              urgent: body.urgent,
              isMobile: false,
              departmentId: body.department_id,
              jobTypeId: body.job_type_id,
              assignedTo: me.id,
              patient: Object.fromEntries(Object.entries(body.patient).filter(([, v]) => v !== undefined)) as Record<string, string>,
              customFields: body.custom_fields,
            });
            await addDictationLog(tx, { dictationId: d.id, userId: me.id, type: 'created', description: 'Manual letter started' });
            await audit(tx, {
              trustId: me.trustId,
              userId: me.id,
              action: 'dictation.created',
              entityType: 'dictation',
              entityId: d.id,
              details: { status: 'BEING_TYPED', manual: true },
              ip,
            });
            await auditIdentityChoice(tx, {
              trustId: me.trustId,
              userId: me.id,
              dictationId: d.id,
              choice: body.identity_choice,
              ip,
            });
            await notifyChange(tx, { t: me.trustId, p: [], u: [], dictation: [d] });
            return d.id;
          });
        } catch (err) {
          if (!isReferenceClash(err)) throw err;
        }
      }
      throw new Error('could not allocate a dictation reference');
    },
  };
}

export type ManualLetterService = ReturnType<typeof createManualLetterService>;
