/**
 * The dictation page's side panel: correcting the details while typing, comments, the audit trail.
 * The details are checked by the recording form's own schema (in the route) and the trust's
 * Services and job types (dictations/dictation-details.ts); the audit trail names what changed,
 * never the values (patient data stays out of logs).
 */
import type { z } from 'zod';
import type { detailsCorrectionSchema } from '../../../src/domain/contract';
import { canEditLetter } from '../../../src/domain/letter-access';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { appError } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { checkDetails } from '../dictations/dictation-details';
import { applyDictationChange } from '../worklist/dictation-change';
import { auditIdentityChoice, checkPatientIdentity } from '../patients/patient-identity';
import { letterDictationOf, letterUserOf, visibleContext } from './dictation-scope';
import { addComment, commentsPage, logsPage } from './detail.repository';
import { fullName } from '../../../src/domain/display-format';

type Correction = z.output<typeof detailsCorrectionSchema>;

const defined = (o: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<string, string>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sorted = (o: Record<string, string> | null) =>
  o ? Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b))) : null;

export function createDetailService(db: Db) {
  return {
    async correct(auth: RequestAuth, id: number, body: Correction, ip: string): Promise<void> {
      const { row: d } = await visibleContext(db, auth, id);
      if (!canEditLetter(letterUserOf(auth), letterDictationOf(d))) throw appError('details_not_editable');
      await checkDetails(db, auth.ctx.user.trustId, body, d);
      await checkPatientIdentity(db, auth.ctx.user.trustId, body.patient);
      const patient = defined(body.patient);
      const appointment = body.appointment === undefined ? d.appointment : body.appointment === null ? null : defined(body.appointment);
      const values = {
        departmentId: body.department_id,
        jobTypeId: body.job_type_id ?? null,
        urgent: body.urgent,
        patient,
        customFields: body.custom_fields,
        appointment,
      };
      const what = [
        !same(sorted(d.patient), sorted(patient)) && 'patient',
        !same(sorted(d.appointment), sorted(appointment)) && 'appointment',
        d.departmentId !== values.departmentId && 'Service',
        d.jobTypeId !== values.jobTypeId && 'job type',
        d.urgent !== values.urgent && 'urgency',
        !same(d.customFields, values.customFields) && 'custom fields',
      ].filter((w): w is string => !!w);
      if (!what.length) return;
      const ok = await applyDictationChange(
        db,
        auth,
        d,
        values,
        { type: 'details', description: `Details corrected: ${what.join(', ')}` },
        ip,
        {
          sameAssignee: true,
        },
      );
      if (!ok) throw appError('changed');
      await auditIdentityChoice(db, { trustId: d.trustId, userId: auth.ctx.user.id, dictationId: id, choice: body.identity_choice, ip });
    },

    async comments(auth: RequestAuth, id: number, page: number, perPage: number) {
      await visibleContext(db, auth, id);
      return commentsPage(db, id, page, perPage);
    },

    async addComment(auth: RequestAuth, id: number, comments: string, ip: string) {
      const { row: d } = await visibleContext(db, auth, id);
      const me = auth.ctx.user;
      const row = await addComment(db, id, me.id, comments);
      await audit(db, { trustId: d.trustId, userId: me.id, action: 'dictation.commented', entityType: 'dictation', entityId: id, ip });
      return {
        id: row.id,
        comments: row.comments,
        user: { id: me.id, full_name: fullName(me.firstName, me.lastName) },
        created_at: row.createdAt.toISOString(),
      };
    },

    async logs(auth: RequestAuth, id: number, page: number, perPage: number) {
      await visibleContext(db, auth, id);
      return logsPage(db, id, page, perPage);
    },
  };
}

export type DetailService = ReturnType<typeof createDetailService>;
