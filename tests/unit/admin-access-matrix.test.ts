import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One authorization matrix across the administration (issue 25): every endpoint area of the endpoint table is
 * either an administration area, whose API test holds a table-driven matrix keyed by exactly that area's
 * endpoints (so an endpoint added without its rows fails there), or named here as one of the product's other
 * areas. A new area file that is neither fails here, so a new administration slice cannot ship without its matrix.
 */

const ENDPOINTS_DIR = join(__dirname, '../../src/domain/contract/endpoints');
const API_TESTS_DIR = join(__dirname, '../api');

/** Administration areas: each needs a matrix test comparing its rows' keys with `Object.keys(<area>)`. */
const ADMIN_AREAS = [
  'adminStructureEndpoints',
  'adminGroupsEndpoints',
  'adminTrustsEndpoints',
  'adminUsersEndpoints',
  'settingsEndpoints',
  'trustConfigEndpoints',
  'knowledgeBaseEndpoints',
  'auditEndpoints',
];
/** The product's other areas: their access is tested with their features (and by the fuzz test's 401s). */
const OTHER_AREAS = [
  'accountEndpoints',
  'autotextEndpoints',
  'dictationsEndpoints',
  'lettersEndpoints',
  'lettersOutEndpoints',
  'notificationsEndpoints',
  'patientsEndpoints',
  'reviewEndpoints',
];

const areas = readdirSync(ENDPOINTS_DIR)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .flatMap((f) => [...readFileSync(join(ENDPOINTS_DIR, f), 'utf8').matchAll(/^export const (\w+Endpoints)\b/gm)].map((m) => m[1]!));
const apiTests = readdirSync(API_TESTS_DIR)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(API_TESTS_DIR, f), 'utf8') }));

describe('the administration’s authorization matrix', () => {
  it('knows every endpoint area: each is an administration area or one of the others', () => {
    expect(areas.length).toBeGreaterThanOrEqual(ADMIN_AREAS.length + OTHER_AREAS.length);
    expect([...areas].sort()).toEqual([...ADMIN_AREAS, ...OTHER_AREAS].sort());
  });

  it.each(ADMIN_AREAS)('%s has a matrix test whose rows are keyed by exactly its endpoints', (area) => {
    const holders = apiTests.filter(({ text }) => text.includes(`Object.keys(${area})`)).map((t) => t.file);
    expect(holders, `no API test compares its rows with Object.keys(${area})`).not.toEqual([]);
  });
});
