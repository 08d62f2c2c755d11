/**
 * Sending one recipient's copy: the approved letter as PDF by e-mail (with the trust's subject tag) or as
 * a FHIR document to the GP practice over MESH. Throws DeliveryFailure; answers what the channel said.
 */
import { buildLetterModel, letterFileName, type LetterSource } from '../../../src/domain/letter-model';
import { buildLetterDocument, serializeLetterDocument } from '../../adapters/fhir-document';
import type { GpDelivery } from '../../adapters/gp-delivery';
import type { Mailer } from '../../adapters/mail';
import type { RenderPool } from '../documents/render-pool';
import type { DistributionSetting } from '../../../src/domain/contract';
import { gpFailure, renderFailure, smtpFailure } from './delivery-failure';
import type { DeliveryRow } from './deliveries.repository';

export interface Sent {
  messageId: string;
  result: string;
}

export interface SendDeps {
  mailer: Mailer;
  gp: GpDelivery;
  renderer: RenderPool;
}

/** The e-mail's subject: the tag first ("[secure]" makes NHSmail encrypt it), then no patient data. */
export function emailSubject(setting: DistributionSetting, source: LetterSource): string {
  const title = source.job_type?.name || 'Letter';
  return [setting.email_subject_tag, `${title} from ${source.letterhead.trust_name} (ref ${source.reference})`].filter(Boolean).join(' ');
}

function emailText(source: LetterSource, name: string): string {
  const from = [source.department, source.letterhead.trust_name].filter(Boolean).join(', ');
  return [
    `Dear ${name},`,
    '',
    `Please find attached a letter from ${from} (reference ${source.reference}).`,
    '',
    'This e-mail and its attachment are confidential and meant for you only. If it reached you by mistake, please tell the sender and delete it.',
    '',
    source.letterhead.trust_name,
    ...[source.letterhead.telephone && `Telephone ${source.letterhead.telephone}`].filter((l): l is string => !!l),
  ].join('\n');
}

/** The copy's PDF, from the render pool under its limits; a letter that cannot be laid out is a delivery failure in words. */
async function letterPdf(deps: SendDeps, source: LetterSource): Promise<Buffer> {
  try {
    return await deps.renderer.render('pdf', buildLetterModel(source));
  } catch (err) {
    throw renderFailure(err);
  }
}

export async function sendByEmail(deps: SendDeps, row: DeliveryRow, source: LetterSource, setting: DistributionSetting): Promise<Sent> {
  const pdf = await letterPdf(deps, source);
  try {
    const sent = await deps.mailer.send({
      to: row.contact.email ?? '',
      subject: emailSubject(setting, source),
      text: emailText(source, row.contact.name),
      attachments: [{ filename: letterFileName(source.reference, 'pdf'), content: pdf, contentType: 'application/pdf' }],
    });
    return { messageId: sent.messageId, result: sent.response || 'Accepted by the mail server.' };
  } catch (err) {
    throw smtpFailure(err);
  }
}

/** Our mex-localid of a GP copy: the delivery id, no patient data; MESH's error reports name it again. */
export const deliveryLocalId = (deliveryId: number) => `wardnote-delivery-${deliveryId}`;

const splitName = (first?: string, last?: string) => ({ given: first ? [first] : [], family: last ?? '' });

export async function sendToGp(deps: SendDeps, row: DeliveryRow, source: LetterSource, setting: DistributionSetting): Promise<Sent> {
  const pdf = await letterPdf(deps, source);
  try {
    const p = source.patient;
    const { given, family } = splitName(p.patient_first_name, p.patient_last_name);
    const approvedAt = source.approval?.approved_at ?? source.now.toISOString();
    const title = source.job_type?.name || 'Letter';
    const bundle = buildLetterDocument({
      kind: /discharge/i.test(title) ? 'discharge' : 'clinic',
      title,
      reference: source.reference,
      date: approvedAt,
      patient: {
        nhsNumber: (p.patient_nhs_id ?? '').replace(/\s+/g, ''),
        family,
        given,
        birthDate: p.patient_birthdate || undefined,
        gp: row.contact.ods_code ? { odsCode: row.contact.ods_code, name: row.contact.name } : undefined,
      },
      author: {
        name: source.author.name,
        gmcNumber: /^GMC\s*(\d{7})$/i.exec(source.author.registration_number ?? '')?.[1],
      },
      organization: { name: source.letterhead.trust_name, odsCode: setting.ods_code ?? '' },
      pdf,
    });
    const sent = await deps.gp.sendDocument({
      odsCode: row.contact.ods_code ?? '',
      nhsNumber: (p.patient_nhs_id ?? '').replace(/\s+/g, ''),
      bundle: serializeLetterDocument(bundle),
      localId: deliveryLocalId(row.id),
      subject: title,
    });
    return {
      messageId: sent.messageId,
      result: `Accepted by MESH for the GP practice’s mailbox${sent.recipient ? ` ${sent.recipient}` : ''}.`,
    };
  } catch (err) {
    throw gpFailure(err);
  }
}
