/**
 * The demo trust's letterhead (issue 13 "Documents"), kept in `settings` under `letterhead:<trustId>`:
 * made-up addresses, telephone numbers from Ofcom's drama range (01632 960xxx), and a logo drawn here
 * (a heartbeat line on NHS blue) so no image file has to ship with the seed.
 */
import { eq } from 'drizzle-orm';
import { deflateSync } from 'node:zlib';
import { letterheadKey, type LetterheadSetting } from '../../src/domain/contract/letterhead';
import type { Db } from './client';
import { settings, sites, trusts } from './schema';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGBA image as PNG bytes. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const distToSegment = (px: number, py: number, [ax, ay]: number[], [bx, by]: number[]) => {
  const dx = bx! - ax!;
  const dy = by! - ay!;
  const t = Math.max(0, Math.min(1, ((px - ax!) * dx + (py - ay!) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax! + t * dx), py - (ay! + t * dy));
};

/** The demo logo: a white heartbeat line on an NHS-blue rounded square, 96 px, anti-aliased. */
export function demoLogoPng(size = 96): Buffer {
  const s = size / 96;
  const line = [
    [10, 54],
    [30, 54],
    [38, 34],
    [48, 72],
    [57, 44],
    [63, 54],
    [86, 54],
  ].map(([x, y]) => [x! * s, y! * s]);
  const radius = 16 * s;
  const rgba = new Uint8Array(size * size * 4);
  const SS = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let inside = 0;
      let white = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const px = x + (sx + 0.5) / SS;
          const py = y + (sy + 0.5) / SS;
          const cx = Math.min(Math.max(px, radius), size - radius);
          const cy = Math.min(Math.max(py, radius), size - radius);
          if (Math.hypot(px - cx, py - cy) > radius) continue;
          inside++;
          if (line.some((p, i) => i > 0 && distToSegment(px, py, line[i - 1]!, p) <= 3.2 * s)) white++;
        }
      }
      const n = SS * SS;
      const w = inside ? white / inside : 0;
      const o = (y * size + x) * 4;
      rgba[o] = Math.round(0x00 + (255 - 0x00) * w);
      rgba[o + 1] = Math.round(0x5e + (255 - 0x5e) * w);
      rgba[o + 2] = Math.round(0xb8 + (255 - 0xb8) * w);
      rgba[o + 3] = Math.round((255 * inside) / n);
    }
  }
  return encodePng(size, size, rgba);
}

/** The demo trust's letterhead, with the community hospital's own address and telephone. */
export function demoLetterhead(communitySiteId: number | null): LetterheadSetting {
  return {
    trust_name: 'Demo NHS Foundation Trust',
    site_name: 'Demo General Hospital',
    address_lines: ['Hospital Road', 'Demoton', 'DM1 1AA'],
    telephone: '01632 960 000',
    email: 'letters@demo-nhs.test',
    website: 'www.demo-nhs.test',
    logo_png_base64: demoLogoPng(192).toString('base64'),
    ...(communitySiteId
      ? {
          sites: {
            [String(communitySiteId)]: {
              site_name: 'Demo Community Hospital',
              address_lines: ['Orchard Lane', 'Lower Notebury', 'DM7 3CH'],
              telephone: '01632 960 500',
            },
          },
        }
      : {}),
  };
}

/** Keeps the demo letterhead for the demo trust (seeded after seedDemoData); an existing one stays. */
export async function seedDemoLetterhead(db: Db): Promise<void> {
  const [trust] = await db.select().from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  if (!trust) return;
  const [community] = await db.select().from(sites).where(eq(sites.name, 'Demo Community Hospital'));
  await db
    .insert(settings)
    .values({ key: letterheadKey(trust.id), value: demoLetterhead(community?.trustId === trust.id ? community.id : null) })
    .onConflictDoNothing({ target: settings.key });
}
