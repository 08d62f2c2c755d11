/**
 * A trust's engine settings (issue 25): where the AI scribe sends recordings to be transcribed and
 * transcripts to be drafted. Outbound requests go only to the addresses an administrator set here:
 * https, no user or password in the address, no address written as a private or local IP (a name is
 * resolved and checked again when the scribe connects: server/lib/public-address.ts `publicOnlyLookup`).
 * Plain http or a local address only for origins the server's configuration names (PUSH_TEST_ORIGINS,
 * tests only). The API key is sealed (server/lib/secret-box.ts) and never answered: `api_key_set` says
 * whether one is stored. A change without `api_key` keeps it; `api_key: null` clears it.
 */
import { isIP } from 'node:net';
import type { z } from 'zod';
import { ENGINE_KINDS, type Engine, type EngineKind, type Engines, type enginesInputSchema } from '../../../src/domain/contract';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { appError } from '../../lib/errors';
import { isPublicAddress } from '../../lib/public-address';
import type { SecretBox } from '../../lib/secret-box';
import type { RequestAuth } from '../auth/request-auth';
import { readEngines, upsertEngine } from './trusts.repository';

type Stored = Awaited<ReturnType<typeof readEngines>>[number];

/** Whether the server may send to this address (its form was checked by the contract). */
export function engineAddressAllowed(address: string, testOrigins: ReadonlySet<string>): boolean {
  const url = new URL(address);
  if (url.username || url.password) return false;
  if (testOrigins.has(url.origin)) return true;
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return false;
  return !isIP(host) || isPublicAddress(host);
}

const toEngine = (row: Stored | undefined): Engine => ({
  base_url: row?.baseUrl ?? null,
  model: row?.model ?? null,
  api_key_set: !!row?.apiKeyCiphertext,
  updated_at: row?.updatedAt ? row.updatedAt.toISOString() : null,
});

export function createEngineService(deps: { db: Db; box: SecretBox; testOrigins: readonly string[] }) {
  const { db, box } = deps;
  const testOrigins = new Set(deps.testOrigins);

  async function current(trustId: number): Promise<Engines> {
    const rows = await readEngines(db, trustId);
    return {
      transcription: toEngine(rows.find((r) => r.kind === 'transcription')),
      drafting: toEngine(rows.find((r) => r.kind === 'drafting')),
    };
  }

  return {
    /** GET /api/trusts/{id}/engines (the caller's reach of the trust is checked by the route). */
    read: current,

    /** PATCH /api/trusts/{id}/engines: audited with before and after, the key only as set / not set. */
    async update(auth: RequestAuth, trustId: number, input: z.infer<typeof enginesInputSchema>, ip: string): Promise<Engines> {
      for (const kind of ENGINE_KINDS) {
        const url = input[kind]?.base_url;
        if (url && !engineAddressAllowed(url, testOrigins))
          throw appError('engine_url_not_public').withFields({ [`${kind}.base_url`]: [PAGE_MESSAGES.engineUrlNotPublic] });
      }
      // Sealed before the transaction: PGlite is one connection (PITFALLS 40), and the key may need a first write.
      const sealed: Partial<Record<EngineKind, string>> = {};
      for (const kind of ENGINE_KINDS) {
        const key = input[kind]?.api_key;
        if (key) sealed[kind] = await box.seal(key);
      }
      await db.transaction(async (tx) => {
        const rows = await readEngines(tx, trustId);
        const before = {
          transcription: toEngine(rows.find((r) => r.kind === 'transcription')),
          drafting: toEngine(rows.find((r) => r.kind === 'drafting')),
        };
        for (const kind of ENGINE_KINDS) {
          const patch = input[kind];
          if (!patch) continue;
          const row = rows.find((r) => r.kind === kind);
          await upsertEngine(tx, {
            trustId,
            kind,
            baseUrl: patch.base_url !== undefined ? patch.base_url : (row?.baseUrl ?? null),
            model: patch.model !== undefined ? patch.model : (row?.model ?? null),
            apiKeyCiphertext: patch.api_key === null ? null : (sealed[kind] ?? row?.apiKeyCiphertext ?? null),
            updatedBy: auth.ctx.user.id,
          });
        }
        const after = await readEngines(tx, trustId);
        const strip = (e: Engine) => ({ base_url: e.base_url, model: e.model, api_key_set: e.api_key_set });
        await audit(tx, {
          trustId,
          userId: auth.ctx.user.id,
          action: 'trust.engines_updated',
          entityType: 'trust',
          entityId: trustId,
          details: {
            before: { transcription: strip(before.transcription), drafting: strip(before.drafting) },
            after: {
              transcription: strip(toEngine(after.find((r) => r.kind === 'transcription'))),
              drafting: strip(toEngine(after.find((r) => r.kind === 'drafting'))),
            },
          },
          ip,
        });
      });
      return current(trustId);
    },
  };
}

export type EngineService = ReturnType<typeof createEngineService>;
