/**
 * Synthetic patients of the demo trust for the embedded patient index: the sixty people the demo
 * dictations are about (same names, NHS numbers, hospital numbers, dates of birth and genders, so a
 * lookup from any demo dictation finds its patient), a few more, and two of the other trust. NHS
 * numbers come from the 999 test range; GP practices have made-up ODS codes (A99xxx); addresses are in
 * a fictional town with a postcode area (DM) that does not exist. Each has appointments of every type
 * and several statuses. Seeded once, before the demo dictations (server/main.ts).
 */
import { eq } from 'drizzle-orm';
import { APPOINTMENT_TYPES } from '../../src/domain/contract/patients';
import type { Db } from './client';
import { demoDictationDraws, testNhsNumber } from './demo-dictations';
import { appointments, patients, trusts } from './schema';

/** The patient of each demo dictation, in seeding order (the same draws as server/db/demo-dictations.ts). */
export function demoDictationPatients() {
  return demoDictationDraws().map(({ patient: p }) => ({
    firstName: p.patient_first_name,
    lastName: p.patient_last_name,
    mrn: p.patient_mrn_id,
    nhsNumber: p.patient_nhs_id,
    birthdate: p.patient_birthdate,
    gender: p.patient_gender,
  }));
}

type Person = ReturnType<typeof demoDictationPatients>[number];

const PRACTICES = [
  {
    code: 'A99001',
    practice: 'Riverside Medical Centre',
    name: 'Dr Helen Marsh',
    gmp: 'G9900011',
    address: '1 Riverside Walk\nDemoton',
    postCode: 'DM1 4RW',
  },
  {
    code: 'A99002',
    practice: 'Elm Tree Surgery',
    name: 'Dr Kwame Asante',
    gmp: 'G9900022',
    address: '48 Elm Tree Road\nWardley Green\nDemoton',
    postCode: 'DM3 7ET',
  },
  {
    code: 'A99003',
    practice: 'Castle Street Practice',
    name: 'Dr Sian Lloyd',
    gmp: 'G9900033',
    address: '5 Castle Street\nDemoton',
    postCode: 'DM2 1CS',
  },
  {
    code: 'A99004',
    practice: 'Lower Notebury Health Centre',
    name: 'Dr Imran Qureshi',
    gmp: 'G9900044',
    address: 'Station Approach\nLower Notebury',
    postCode: 'DM7 2HC',
  },
];
const STREETS = [
  'Mill Lane',
  'Church Road',
  'Victoria Street',
  'Orchard Close',
  'Meadow View',
  'Kingfisher Way',
  'Park Avenue',
  'The Crescent',
];
const TOWNS = ['Demoton', 'Wardley Green', 'Lower Notebury', 'Upper Notebury'];
const KIN_FIRST = ['Anne', 'David', 'Sarah', 'Michael', 'Priya', 'Thomas', 'Grace', 'Omar'];
const RELATIONSHIPS = ['Wife', 'Husband', 'Daughter', 'Son', 'Partner', 'Sister', 'Brother', 'Mother', 'Father', 'Friend'];
/** Hospital consultants who also refer (made-up GMC-style numbers). */
const CONSULTANTS = [
  { code: '7990011', first: 'Rachel', last: 'Okafor' },
  { code: '7990022', first: 'Daniel', last: 'Fenwick' },
];
const CLINICS = ['CAR-OP1', 'CAR-OP2', 'RES-CL1', 'ORT-FR1', 'ORT-OP3'];
/** [status, days from the seeding day]: what happened to past appointments, what is planned for future ones. */
const APPOINTMENT_PLAN: [string, number][][] = [
  [
    ['Fulfilled', -120],
    ['Booked', 21],
  ],
  [
    ['Fulfilled', -60],
    ['Noshow', -30],
    ['Booked', 14],
  ],
  [
    ['Cancelled', -45],
    ['Fulfilled', -40],
    ['Pending', 35],
    ['Proposed', 70],
  ],
  [
    ['Arrived', 0],
    ['Waitlist', 90],
  ],
  [
    ['Fulfilled', -200],
    ['Checked-in', 0],
    ['Booked', 7],
  ],
];

/** Extra people, in no demo dictation: one shares a surname and birthday with another, one has no NHS number yet. */
const EXTRA: Omit<Person, 'nhsNumber' | 'mrn'>[] = [
  { firstName: 'Dorothy', lastName: 'SMITH', birthdate: '1941-03-14', gender: 'female' },
  { firstName: 'Dennis', lastName: 'SMITH', birthdate: '1941-03-14', gender: 'male' },
  { firstName: 'Siobhan', lastName: "O'NEILL", birthdate: '1988-11-02', gender: 'female' },
  { firstName: 'Tomasz', lastName: 'NOWAK', birthdate: '2015-06-30', gender: 'male' },
  { firstName: 'Unknown', lastName: 'MALE', birthdate: '1970-01-01', gender: 'unknown' },
];

function address(k: number) {
  return {
    lines: [`${3 + ((k * 7) % 90)} ${STREETS[k % STREETS.length]}`, TOWNS[k % TOWNS.length]!],
    postCode: `DM${1 + (k % 9)} ${1 + (k % 8)}${'ABDEFGHJ'[k % 8]}${'LNPQRSTU'[(k * 3) % 8]}`,
  };
}

function gpOf(k: number) {
  const p = PRACTICES[k % PRACTICES.length]!;
  return { code: p.code, name: p.name, practice: p.practice, address: p.address, postCode: p.postCode };
}

function kinOf(k: number, lastName: string) {
  const count = k % 4 === 3 ? 0 : k % 3 === 0 ? 2 : 1;
  return Array.from({ length: count }, (_, j) => ({
    name: `${KIN_FIRST[(k + j * 3) % KIN_FIRST.length]} ${lastName.charAt(0)}${lastName.slice(1).toLowerCase()}`,
    relationship: RELATIONSHIPS[(k * 5 + j) % RELATIONSHIPS.length]!,
  }));
}

/** The appointments of patient k: clinic times on the hour in the morning or afternoon, GP or consultant referrals. */
function appointmentsOf(k: number, now: Date) {
  return APPOINTMENT_PLAN[k % APPOINTMENT_PLAN.length]!.map(([status, days], j) => {
    const type = APPOINTMENT_TYPES[(k + j) % APPOINTMENT_TYPES.length]!;
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 9 + ((k + j) % 8), (j % 2) * 30));
    // Clinics run on weekdays: a Saturday or Sunday moves to the Monday.
    const weekday = start.getUTCDay();
    if (weekday === 6 || weekday === 0) start.setUTCDate(start.getUTCDate() + (weekday === 6 ? 2 : 1));
    const practice = PRACTICES[k % PRACTICES.length]!;
    const referrer =
      type === 'Emergency' || type === 'Walkin'
        ? null
        : (k + j) % 3 === 0
          ? CONSULTANTS[(k + j) % CONSULTANTS.length]!
          : { code: practice.gmp, ...splitGp(practice.name) };
    return {
      startAt: start,
      type,
      status,
      clinicCode: CLINICS[(k + j) % CLINICS.length]!,
      referrerCode: referrer?.code ?? null,
      referrerFirstName: referrer?.first ?? null,
      referrerLastName: referrer?.last ?? null,
    };
  });
}

function splitGp(name: string) {
  const [, first, last] = name.split(' ');
  return { first: first!, last: last! };
}

export async function seedDemoPatients(db: Db, now = new Date()): Promise<number> {
  const [demo] = await db.select().from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  const [other] = await db.select().from(trusts).where(eq(trusts.name, 'Other NHS Trust'));
  if (!demo) return 0;
  const fromDictations = demoDictationPatients();
  const extra = EXTRA.map((p, j) => ({
    ...p,
    nhsNumber: p.lastName === 'MALE' ? null : testNhsNumber(500 + j),
    mrn: `RDG${String(900000 + j * 11).padStart(7, '0')}`,
  }));
  const rows = [...fromDictations, ...extra].map((p, k) => ({
    trustId: demo.id,
    ...p,
    email: k % 4 === 1 ? `${p.firstName.toLowerCase()}.${p.lastName.toLowerCase().replace(/[^a-z]/g, '')}@example.org` : null,
    address: address(k),
    gp: gpOf(k),
    nextOfKin: kinOf(k, p.lastName),
  }));
  if (other) {
    rows.push(
      {
        trustId: other.id,
        firstName: 'Gwen',
        lastName: 'PRICE',
        mrn: 'OTH0000101',
        nhsNumber: testNhsNumber(600),
        birthdate: '1960-05-05',
        gender: 'female',
        email: null,
        address: address(90),
        gp: gpOf(1),
        nextOfKin: [],
      },
      {
        trustId: other.id,
        firstName: 'Margaret',
        lastName: 'SMITH',
        mrn: 'OTH0000102',
        nhsNumber: testNhsNumber(601),
        birthdate: '1950-01-01',
        gender: 'female',
        email: null,
        address: address(91),
        gp: gpOf(2),
        nextOfKin: [],
      },
    );
  }
  const made = await db.insert(patients).values(rows).returning({ id: patients.id, trustId: patients.trustId });
  const visits = made.flatMap((p, k) => appointmentsOf(k, now).map((a) => ({ ...a, trustId: p.trustId, patientId: p.id })));
  await db.insert(appointments).values(visits);
  return made.length;
}
