/**
 * A trust's letterhead as its administrators edit it (issue 25): the address lines, contact lines, footer
 * and logo kept in the `letterhead:<trustId>` setting that every letter is printed with
 * (server/modules/documents/letter-source.ts). The trust and site names and the sites' own parts stay
 * as they are. The logo is a PNG checked by its bytes (signature, header, size). The preview is a
 * sample letter with no patient's data, rendered by the same bounded pool as every letter.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { letterheadInputSchema, TrustLetterhead } from '../../../src/domain/contract';
import { letterheadKey, letterheadSettingSchema, type LetterheadSetting } from '../../../src/domain/contract/letterhead';
import { defaultLetterhead, formatLetterDate, resolveLetterhead, type LetterModel } from '../../../src/domain/letter-model';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { appError } from '../../lib/errors';
import type { RenderPool } from '../documents/render-pool';
import type { RequestAuth } from '../auth/request-auth';
import { readSetting, writeSetting } from './trusts.repository';

export const LOGO_MAX_BYTES = 190 * 1024;
export const LOGO_MAX_PIXELS = 2000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Input = z.infer<typeof letterheadInputSchema>;

/** Refuses a logo that is not a PNG by its bytes, or is too large in bytes or pixels. */
export function checkLogo(base64: string | null): void {
  if (!base64) return;
  const bytes = Buffer.from(base64, 'base64');
  const field = (code: 'letterhead_logo_invalid' | 'letterhead_logo_too_large') => {
    const e = appError(code);
    return e.withFields({ logo_png_base64: [e.message] });
  };
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    throw field('letterhead_logo_invalid');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (!width || !height) throw field('letterhead_logo_invalid');
  if (bytes.length > LOGO_MAX_BYTES || width > LOGO_MAX_PIXELS || height > LOGO_MAX_PIXELS) throw field('letterhead_logo_too_large');
}

function toAnswer(s: LetterheadSetting | null): TrustLetterhead {
  return {
    address_lines: s?.address_lines ?? [],
    telephone: s?.telephone || null,
    email: s?.email || null,
    website: s?.website || null,
    footer: s?.footer || null,
    logo_png_base64: s?.logo_png_base64 || null,
  };
}

/** What the audit keeps of a letterhead: the logo as its size and digest, never its bytes. */
function auditView(l: TrustLetterhead) {
  const { logo_png_base64, ...rest } = l;
  return {
    ...rest,
    logo: logo_png_base64
      ? {
          bytes: Buffer.from(logo_png_base64, 'base64').length,
          sha256: createHash('sha256').update(logo_png_base64).digest('hex').slice(0, 16),
        }
      : null,
  };
}

export function createLetterheadService(deps: { db: Db; renderer: RenderPool }) {
  const { db, renderer } = deps;

  async function stored(trustId: number): Promise<LetterheadSetting | null> {
    const parsed = letterheadSettingSchema.safeParse(await readSetting(db, letterheadKey(trustId)));
    return parsed.success ? parsed.data : null;
  }

  const merged = (base: LetterheadSetting | null, input: Input): LetterheadSetting => {
    const next: LetterheadSetting = { ...(base ?? {}), address_lines: input.address_lines };
    for (const k of ['telephone', 'email', 'website', 'footer', 'logo_png_base64'] as const) {
      if (input[k]) next[k] = input[k];
      else delete next[k];
    }
    return next;
  };

  return {
    async read(trustId: number): Promise<TrustLetterhead> {
      return toAnswer(await stored(trustId));
    },

    /** PUT /api/trusts/{id}/letterhead: audited with before and after (the logo by size and digest). */
    async save(auth: RequestAuth, trustId: number, input: Input, ip: string): Promise<TrustLetterhead> {
      checkLogo(input.logo_png_base64);
      const before = await stored(trustId);
      const next = merged(before, input);
      await db.transaction(async (tx) => {
        await writeSetting(tx, letterheadKey(trustId), next);
        await audit(tx, {
          trustId,
          userId: auth.ctx.user.id,
          action: 'trust.letterhead_updated',
          entityType: 'trust',
          entityId: trustId,
          details: { before: auditView(toAnswer(before)), after: auditView(toAnswer(next)) },
          ip,
        });
      });
      return toAnswer(next);
    },

    /** POST /api/trusts/{id}/letterhead/preview: the sample letter on this letterhead, as PDF bytes. */
    async preview(trust: { id: number; name: string; timezone: string }, siteName: string, input: Input): Promise<Buffer> {
      checkLogo(input.logo_png_base64);
      const letterhead = resolveLetterhead(defaultLetterhead(trust.name, siteName), merged(await stored(trust.id), input), 0);
      return renderer.render('pdf', sampleLetter(letterhead, trust.timezone));
    },
  };
}

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** A made-up letter: no patient's or clinician's real details, marked SAMPLE on every page. */
export function sampleLetter(letterhead: LetterModel['letterhead'], timeZone: string): LetterModel {
  return {
    reference: 'SAMPLE',
    title: 'Sample clinic letter',
    department: 'Outpatients',
    letterhead,
    date: formatLetterDate(new Date(), timeZone),
    dictated: formatLetterDate(new Date(), timeZone),
    patient: { name: 'SAMPLE, Patient', dob: '', nhs_number: '', mrn: '', address_lines: [] },
    identifiers: 'Sample letter  ·  not a patient’s record',
    addressee: { name: 'Dr A Example', lines: ['Example Surgery', '1 Example Road', 'Exampleton', 'EX1 1AA'] },
    salutation: 'Dear Dr Example,',
    cc: [],
    body: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'About this sample' }] },
        para('This letter shows how your letterhead prints: the logo and address at the top of the first page, the footer on every page.'),
        para('It holds no patient’s details and is not kept anywhere.'),
      ],
    },
    signature: {
      approved: false,
      name: 'Sample Clinician',
      job_title: 'Consultant',
      registration_number: null,
      note: 'Sample letter: not for sending.',
    },
    draft: false,
    watermark: 'SAMPLE',
  };
}
