/**
 * Demo deliveries (issue 13): the demo's approved letters get the deliveries a server without MESH would
 * have made, so the delivery log and the print queue have real work to show. SENT letters: every copy
 * delivered by e-mail or posted (GP copies printed, the reason kept). MANUAL_DISTRIBUTION letters: e-mails
 * delivered, printed copies waiting in the print queue, and one e-mail that failed with the mail server's
 * reason. Statuses are left as they are (tests count them). Runs after seedDemoLetters.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { chooseChannel } from '../../src/domain/delivery-channel';
import { letterRecipients } from '../../src/domain/letter-model';
import { MESSAGES } from '../../src/domain/messages';
import { GP_DELIVERY_NOT_CONFIGURED } from '../adapters/gp-delivery';
import { readLetterSource } from '../modules/documents/letter-source';
import { recipientRole } from '../modules/distribution/deliveries.repository';
import type { Db } from './client';
import { deliveries, dictationLogs, dictations, settings, trusts, users } from './schema';
import { distributionKey } from '../../src/domain/contract/distribution';

const MINUTE = 60_000;
const CHANNEL_WORDS = { email: 'by e-mail', gp_electronic: 'over MESH', print: 'by post' } as const;

export async function seedDemoDeliveries(db: Db): Promise<void> {
  const [trust] = await db.select().from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  if (!trust) return;
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'manager@wardnote.test'));
  const rows = await db
    .select()
    .from(dictations)
    .where(and(eq(dictations.trustId, trust.id), inArray(dictations.status, ['MANUAL_DISTRIBUTION', 'SENT'])))
    .orderBy(dictations.id);
  // The demo trust's e-mails go out tagged for NHSmail's encryption; a demo install has no MESH configured.
  await db
    .insert(settings)
    .values({ key: distributionKey(trust.id), value: { email_subject_tag: '[secure]' } })
    .onConflictDoNothing();
  const opts = { meshConfigured: false, meshReason: GP_DELIVERY_NOT_CONFIGURED };
  let failedOne = false;

  for (const d of rows) {
    const source = await readLetterSource(db, d, new Date());
    const approvedAt = source.approval ? new Date(source.approval.approved_at) : d.updatedAt;
    const at = (minutes: number) => new Date(Math.min(Date.now() - MINUTE, approvedAt.getTime() + minutes * MINUTE));
    const poster = d.assignedTo ?? manager?.id ?? null;
    const planned = letterRecipients(source).flatMap((r) => {
      const c = chooseChannel(r.contact, opts);
      return c.ok ? [{ r, channel: c.channel, note: c.note }] : [];
    });
    const sent = d.status === 'SENT';
    // A MANUAL_DISTRIBUTION letter is still waiting for something: a printed copy, or else its e-mail failed.
    const waitsForPost = planned.some((p) => p.channel === 'print');
    for (const [n, p] of planned.entries()) {
      const email = p.channel === 'email';
      // The demo's one refused address; and an e-mail that never got through where nothing else is pending.
      const refused = !sent && email && !failedOne;
      const gaveUp = !sent && email && !refused && !waitsForPost;
      if (refused) failedOne = true;
      const fails = refused || gaveUp;
      const status = sent ? (email ? 'delivered' : 'posted') : email ? (fails ? 'failed' : 'delivered') : 'printing';
      const reason = refused
        ? MESSAGES.emailAddressRefused('550 5.1.1')
        : gaveUp
          ? MESSAGES.deliveryGaveUp(MESSAGES.emailUnreachable)
          : p.note;
      const [row] = await db
        .insert(deliveries)
        .values({
          trustId: d.trustId,
          dictationId: d.id,
          role: p.r.role,
          recipient: p.r.recipient as unknown as Record<string, string>,
          contact: {
            name: p.r.block.name,
            lines: p.r.block.lines,
            email: p.r.contact.email ?? null,
            ods_code: p.r.contact.odsCode ?? null,
          },
          channel: p.channel,
          status,
          attempts: email ? (gaveUp ? 3 : 1) : 0,
          reason,
          result: status === 'delivered' ? '250 2.0.0 OK: queued' : null,
          messageId: status === 'delivered' ? `<demo-${d.id}-${n}@mail.wardnote.test>` : null,
          createdBy: d.authorId,
          postedBy: status === 'posted' ? poster : null,
          postedAt: status === 'posted' ? at(24 * 60) : null,
          deliveredAt: status === 'delivered' ? at(2) : null,
          sentAt: status === 'delivered' ? at(2) : null,
          createdAt: at(0),
          updatedAt: status === 'posted' ? at(24 * 60) : at(2),
        })
        .returning();
      const what =
        status === 'delivered'
          ? 'accepted by the mail server'
          : status === 'posted'
            ? 'printed and posted'
            : status === 'failed'
              ? `failed. ${reason}`
              : `waiting in the print queue${p.note ? ` (${p.note})` : ''}`;
      await db.insert(dictationLogs).values({
        dictationId: d.id,
        userId: status === 'posted' ? poster : null,
        type: 'delivery',
        description: `Letter to ${recipientRole(row!.recipient.type ?? '')} ${CHANNEL_WORDS[p.channel]}: ${what}`,
        createdAt: status === 'posted' ? at(24 * 60) : at(2),
      });
    }
  }
}
