/**
 * A trust's distribution settings as its administrators see and change them (issue 13): the e-mail
 * subject tag and the stuck-letter limit, kept in the `distribution:<trustId>` setting, the trust's ODS code
 * (kept on the trust, the same value its trust page edits), and whether GP copies can go over MESH. MESH's own settings are the server's configuration
 * and are never read back: only whether they are complete.
 */
import { type DistributionSettings, type DistributionSettingsInput, distributionSettingsInputSchema } from '../../../src/domain/contract';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import { GP_DELIVERY_NOT_CONFIGURED, type GpDelivery } from '../../adapters/gp-delivery';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { appError, Errors } from '../../lib/errors';
import { findTrustRef } from '../admin-structure/trust-ref.repository';
import type { RequestAuth } from '../auth/request-auth';
import {
  readDistributionRecord,
  readDistributionSetting,
  setTrustOdsCode,
  writeDistributionRecord,
} from '../distribution/distribution-settings.repository';

/** The setting's keys this screen manages (`ods_code` was one before it moved to the trust: dropped on save). */
const OURS = ['email_subject_tag', 'ods_code', 'stuck_letter_hours'] as const;

export function createDistributionSettings(deps: { db: Db; gp: GpDelivery; defaultStuckHours: number }) {
  const { db, gp } = deps;

  /** The trust, when the caller administers it: their own, or any for SuperAdmin. Otherwise not found. */
  async function trustFor(auth: RequestAuth, trustId: number) {
    const trust = await findTrustRef(db, trustId);
    const mayAdminister = auth.subject.roles.includes('SuperAdmin') || trust?.id === auth.ctx.user.trustId;
    if (!trust || !mayAdminister) throw Errors.notFound();
    return trust;
  }

  function meshStatus(odsCode: string): DistributionSettings['mesh'] {
    if (!gp.configured) {
      const reason = gp.notConfiguredReason;
      return {
        configured: false,
        usable: false,
        status: PAGE_MESSAGES.meshNotConfigured,
        // Partly configured: the adapter names the missing variable (names only, never values).
        detail: reason && reason !== GP_DELIVERY_NOT_CONFIGURED ? reason : null,
      };
    }
    if (!odsCode) return { configured: true, usable: false, status: PAGE_MESSAGES.meshNeedsTrustOds, detail: null };
    return { configured: true, usable: true, status: PAGE_MESSAGES.meshReady, detail: null };
  }

  async function current(trust: { id: number; name: string }): Promise<DistributionSettings> {
    const setting = await readDistributionSetting(db, trust.id);
    const ods = setting.ods_code ?? '';
    return {
      trust,
      email_subject_tag: setting.email_subject_tag ?? '',
      ods_code: ods,
      stuck_letter_hours: setting.stuck_letter_hours ?? null,
      default_stuck_letter_hours: deps.defaultStuckHours,
      mesh: meshStatus(ods),
    };
  }

  return {
    /** GET /api/trusts/{id}/distribution */
    async read(auth: RequestAuth, trustId: number): Promise<DistributionSettings> {
      return current(await trustFor(auth, trustId));
    },

    /** PUT /api/trusts/{id}/distribution: replaces the three settings (empty removes one); audited with before and after. */
    async save(auth: RequestAuth, trustId: number, input: DistributionSettingsInput, ip: string): Promise<DistributionSettings> {
      const trust = await trustFor(auth, trustId);
      const next = distributionSettingsInputSchema.parse(input);
      const before = await current(trust);
      await db.transaction(async (tx) => {
        // Keys this screen does not manage are kept as they are.
        const kept = Object.fromEntries(
          Object.entries(await readDistributionRecord(tx, trust.id)).filter(([k]) => !(OURS as readonly string[]).includes(k)),
        );
        await writeDistributionRecord(tx, trust.id, {
          ...kept,
          ...(next.email_subject_tag ? { email_subject_tag: next.email_subject_tag } : {}),
          ...(next.stuck_letter_hours !== null ? { stuck_letter_hours: next.stuck_letter_hours } : {}),
        });
        if (next.ods_code !== before.ods_code)
          await setTrustOdsCode(tx, trust.id, next.ods_code || null).catch((err: unknown) =>
            Promise.reject(
              isUniqueViolation(err)
                ? appError('trust_ods_taken', next.ods_code).withFields({ ods_code: [PAGE_MESSAGES.trustOdsTaken(next.ods_code)] })
                : err,
            ),
          );
        await audit(tx, {
          trustId: trust.id,
          userId: auth.ctx.user.id,
          action: 'trust.distribution_settings',
          entityType: 'trust',
          entityId: trust.id,
          details: {
            before: {
              email_subject_tag: before.email_subject_tag,
              ods_code: before.ods_code,
              stuck_letter_hours: before.stuck_letter_hours,
            },
            after: { email_subject_tag: next.email_subject_tag, ods_code: next.ods_code, stuck_letter_hours: next.stuck_letter_hours },
          },
          ip,
        });
      });
      return current(trust);
    },
  };
}

export type DistributionSettingsService = ReturnType<typeof createDistributionSettings>;
