/**
 * A letter's recipients (issue 13 "Recipients"): GET /api/dictation/{id}/recipients answers the send-to and
 * copy-to lists (the saved ones, else the defaults from the job type and the patient index) and
 * PUT saves them while the letter may still be edited (src/domain/recipient-entries.ts).
 */
import { z } from 'zod';
import { DELIVERY_CHANNELS } from '../delivery-channel';
import { safeText } from './primitives';

const text = (max: number, label: string) => safeText().trim().max(max, `${label}: use at most ${max} characters.`);
const named = (who: string) => text(200, `${who}'s name`).min(1, `Give the ${who}'s name.`);
const id = (label: string) => text(64, label);

/** A spec §3 recipient entry, by type (a GP practice's id is its ODS code). */
export const recipientSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('patient'), id: id('Patient id'), name: named('patient') }).strict(),
    z.object({ type: z.literal('nok'), name: named('next of kin'), relationship: text(60, 'Relationship') }).strict(),
    z.object({ type: z.literal('clinician'), id: id('Clinician code'), name: named('clinician') }).strict(),
    z.object({ type: z.literal('orp'), id: id('Person id'), name: named('person'), relationship: text(60, 'Relationship') }).strict(),
    z
      .object({
        type: z.literal('gp'),
        id: safeText()
          .trim()
          .regex(/^([A-Za-z0-9]{3,10})?$/, 'An ODS code is 3 to 10 letters and digits.')
          .transform((s) => s.toUpperCase()),
        name: named('GP practice'),
        patient_id: id('Patient id'),
      })
      .strict(),
  ],
  { error: 'Recipient type: one of patient, nok, clinician, orp, gp.' },
);

export const recipientEntrySchema = z
  .object({
    recipient: recipientSchema,
    email: z.union([z.literal(''), z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address, or leave it empty.')]),
    address_lines: z
      .array(text(120, 'Address line'))
      .max(8, 'Use at most 8 address lines.')
      .transform((lines) => lines.filter(Boolean)),
    channel: z.enum(DELIVERY_CHANNELS, { error: `Channel: one of ${DELIVERY_CHANNELS.join(', ')}, or none.` }).nullable(),
    from_index: z.boolean(),
  })
  .strict();
export type RecipientEntryInput = z.input<typeof recipientEntrySchema>;

/** PUT /api/dictation/{id}/recipients */
export const recipientListsSchema = z
  .object({
    to: z
      .array(recipientEntrySchema)
      .min(1, 'Send the letter to at least one recipient.')
      .max(10, 'Send the letter to at most 10 recipients.'),
    cc: z.array(recipientEntrySchema).max(20, 'Copy the letter to at most 20 recipients.'),
  })
  .strict();
export type RecipientListsInput = z.input<typeof recipientListsSchema>;

/** An entry as answered: the same fields, without the input's checks and clean-ups (a response is encoded, not parsed). */
const answerEntrySchema = z.object({
  recipient: z.discriminatedUnion('type', [
    z.object({ type: z.literal('patient'), id: z.string(), name: z.string() }),
    z.object({ type: z.literal('nok'), name: z.string(), relationship: z.string() }),
    z.object({ type: z.literal('clinician'), id: z.string(), name: z.string() }),
    z.object({ type: z.literal('orp'), id: z.string(), name: z.string(), relationship: z.string() }),
    z.object({ type: z.literal('gp'), id: z.string(), name: z.string(), patient_id: z.string() }),
  ]),
  email: z.string(),
  address_lines: z.array(z.string()),
  channel: z.enum(DELIVERY_CHANNELS).nullable(),
  from_index: z.boolean(),
});
const listsAnswer = z.object({ to: z.array(answerEntrySchema), cc: z.array(answerEntrySchema) });

export const recipientsAnswerSchema = z.object({
  data: listsAnswer.extend({
    /** Someone saved these lists; false: the defaults from the job type and the patient index. */
    saved: z.boolean(),
    /** Whether the caller may change them now (whoever may edit the letter, until it is approved). */
    editable: z.boolean(),
    /** Whether GP copies can go electronically (MESH), and why not: the editor shows each recipient's channel. */
    mesh: z.object({ configured: z.boolean(), reason: z.string().nullable() }),
    /** People the editor offers to add: the patient, the registered GP, the referrer, next of kin from the index. */
    suggestions: z.array(answerEntrySchema),
  }),
});
export type RecipientsAnswer = z.infer<typeof recipientsAnswerSchema>['data'];
