import type { Dictation } from '../../../src/domain/contract';
import type { LinkHolder, UrlSigner } from '../../lib/signed-url';
import type { DictationRecord } from './dictations.repository';
import { fullName } from '../../../src/domain/display-format';

/** The dictation as spec §3 names its fields, with an audio link signed for the viewer's session. */
export function toDictationDto(r: DictationRecord, viewer: LinkHolder, signer: UrlSigner): Dictation {
  const d = r.dictation;
  const a = r.audio;
  const seconds = Math.round((a?.durationMs ?? 0) / 1000);
  const labels = new Map((r.jobType?.customFields ?? []).map((f) => [f.id, f.label]));
  return {
    id: d.id,
    client_id: d.clientId,
    reference: d.reference,
    status: d.status as Dictation['status'],
    urgent: d.urgent as Dictation['urgent'],
    is_confidential: d.isConfidential,
    is_mobile: d.isMobile,
    is_resend: d.isResend,
    sr: (d.sr as Dictation['sr']) ?? null,
    user: { id: r.author.id, full_name: fullName(r.author.firstName, r.author.lastName) },
    department: r.department,
    jobtype: r.jobType ? { id: r.jobType.id, name: r.jobType.name, qa_required: r.jobType.qaRequired } : null,
    assigned_to: d.assignedTo ? { user_id: d.assignedTo } : null,
    secretarial_cover: d.secretarialCover,
    return_reason: d.returnReason,
    sent_anyway: d.sentAnyway ?? null,
    outsourcing_pool_id: d.outsourcingPoolId,
    patient: d.patient,
    appointment: d.appointment ?? null,
    custom_fields: d.customFields.map((f) => ({ id: f.id, label: labels.get(f.id) ?? f.id, pivot: { value: f.value } })),
    audio: a && {
      original_filename: a.originalFilename,
      minutes: Math.floor(seconds / 60),
      seconds: seconds % 60,
      filesize: a.filesize,
      filename: a.originalKey.split('/').pop()!,
      mime_type: a.mimeType,
      state: a.state as NonNullable<Dictation['audio']>['state'],
      message: a.message,
      duration_ms: a.durationMs,
      peaks: a.peaks,
      url: a.playableKey ? signer.sign(`/api/dictation/${d.id}/audio`, viewer) : null,
    },
    created_at: d.createdAt.toISOString(),
  };
}
