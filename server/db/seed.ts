import { count, eq } from 'drizzle-orm';
import { PERMISSIONS, ROLES, type Permission, type Role } from '../../src/domain/roles';
import type { Db } from './client';
import { departments, jobTypes, outsourcingPools, permissions, roles, sites, trusts, userPermissions, userRoles, users } from './schema';
import { seedDemoLetterhead } from './demo-letterhead';
import { hashSecret } from '../lib/secrets';

export const DEMO_PASSWORD = 'Wardnote-demo-1';
export const DEMO_PIN = '2468';

/** Roles and permission codes: reference data every deployment needs. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((code) => ({ code })))
    .onConflictDoNothing();
}

interface DemoUser {
  email: string;
  first: string;
  last: string;
  role: Role;
  site: 'general' | 'community' | 'other';
  apps?: string[];
  firstLogin?: boolean;
  pin?: string;
  permissions?: Permission[];
  /** The signature under the letters they approve. */
  jobTitle?: string;
  registrationNumber?: string;
  /** A trainee typist: their letters go to QA review first. */
  qaRequired?: boolean;
  /** An external typist of the demo outsourcing pool. */
  outsourced?: boolean;
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'superadmin@wardnote.test', first: 'Alex', last: 'Morgan', role: 'SuperAdmin', site: 'general' },
  { email: 'trustadmin@wardnote.test', first: 'Priya', last: 'Shah', role: 'TrustAdmin', site: 'general' },
  { email: 'siteadmin@wardnote.test', first: 'Tom', last: 'Hughes', role: 'SiteAdmin', site: 'general' },
  { email: 'manager@wardnote.test', first: 'Grace', last: 'Okafor', role: 'Manager', site: 'general' },
  { email: 'secretary@wardnote.test', first: 'Jenny', last: 'Walsh', role: 'Secretary', site: 'general' },
  {
    email: 'author@wardnote.test',
    first: 'Daniel',
    last: 'Reid',
    role: 'Author',
    site: 'general',
    apps: ['amplify'],
    jobTitle: 'Consultant Physician in General Medicine',
    registrationNumber: 'GMC 4412087',
  },
  { email: 'scribe@wardnote.test', first: 'Amira', last: 'Haddad', role: 'Author', site: 'general', apps: ['scribe_assist'] },
  { email: 'newstarter@wardnote.test', first: 'Leo', last: 'Turner', role: 'Secretary', site: 'general', firstLogin: true },
  {
    email: 'pin.author@wardnote.test',
    first: 'Hannah',
    last: 'Price',
    role: 'Author',
    site: 'community',
    pin: DEMO_PIN,
    jobTitle: 'Consultant Respiratory Physician',
    registrationNumber: 'GMC 6120394',
  },
  { email: 'other.author@wardnote.test', first: 'Owen', last: 'Blake', role: 'Author', site: 'other', jobTitle: 'Consultant Physician' },
  // Issue 23: the other trust has a typist and a manager too, and work of its own (demo-other-trust.ts).
  { email: 'other.secretary@wardnote.test', first: 'Nadia', last: 'Kowalski', role: 'Secretary', site: 'other' },
  { email: 'other.manager@wardnote.test', first: 'Ian', last: 'Ferguson', role: 'Manager', site: 'other' },
  { email: 'trainee@wardnote.test', first: 'Mia', last: 'Hart', role: 'Secretary', site: 'general', qaRequired: true },
  { email: 'outsourced@wardnote.test', first: 'Sam', last: 'Fletcher', role: 'Secretary', site: 'general', outsourced: true },
];

/** The demo trust's outsourcing pool: the external typing company its Manager sends overflow to. */
export const DEMO_POOL_NAME = 'Typing Partners Ltd';

/** The letter sections of the demo job types: each letter of the type starts with these headings. */
export const DEMO_TEMPLATES = {
  'Clinic Letter': [
    'Diagnosis',
    'Presenting complaint',
    'Examination',
    'Investigations',
    'Plan',
    'Medication changes',
    'Information for the patient',
  ],
  'Discharge Summary': ['Diagnosis', 'Procedures', 'Medication on discharge', 'Follow-up', 'Actions for GP'],
  Referral: ['Reason for referral', 'History', 'Question for the specialist'],
};

/** The demo trust of README.md, seeded once into an empty database. Returns false when data exists. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [{ n }] = (await db.select({ n: count() }).from(trusts)) as [{ n: number }];
  if (Number(n) > 0) return false;

  // Issue 25: each trust has its ODS code and each site its address (fictional: RX9/RX8 are not real organisations here).
  const [demo] = await db.insert(trusts).values({ name: 'Demo NHS Foundation Trust', odsCode: 'RX9' }).returning();
  const [other] = await db.insert(trusts).values({ name: 'Other NHS Trust', odsCode: 'RX8' }).returning();
  const [general] = await db
    .insert(sites)
    .values({
      trustId: demo!.id,
      name: 'Demo General Hospital',
      mfa: false,
      supportEmail: 'servicedesk@demo-nhs.test',
      address: 'Hospital Road, Demoton, DM1 1AA',
    })
    .returning();
  const [community] = await db
    .insert(sites)
    .values({ trustId: demo!.id, name: 'Demo Community Hospital', mfa: true, address: 'Orchard Lane, Lower Notebury, DM7 3CH' })
    .returning();
  const [otherSite] = await db
    .insert(sites)
    .values({ trustId: other!.id, name: 'Other General Hospital', mfa: false, address: 'Station Street, Otherton, OT1 2BB' })
    .returning();
  const siteOf = { general: general!, community: community!, other: otherSite! };

  const deps = await db
    .insert(departments)
    .values([
      { trustId: demo!.id, name: 'Cardiology', code: 'CAR' },
      { trustId: demo!.id, name: 'Respiratory', code: 'RES' },
      { trustId: demo!.id, name: 'Orthopaedics', code: 'ORT' },
      { trustId: other!.id, name: 'General Medicine', code: 'GEN' },
    ])
    .returning();
  await db.insert(jobTypes).values([
    {
      trustId: demo!.id,
      departmentId: null,
      name: 'Clinic Letter',
      recipient: ['patient', 'gp'],
      copy: ['clinician'],
      template: DEMO_TEMPLATES['Clinic Letter'],
    },
    {
      trustId: demo!.id,
      departmentId: null,
      name: 'Discharge Summary',
      recipient: ['gp'],
      copy: ['patient'],
      template: DEMO_TEMPLATES['Discharge Summary'],
    },
    {
      trustId: demo!.id,
      departmentId: null,
      name: 'Referral',
      recipient: ['clinician'],
      copy: ['gp', 'patient'],
      customFields: [{ id: 'referred_to', label: 'Referred to', required: true }],
      template: DEMO_TEMPLATES.Referral,
    },
    {
      trustId: other!.id,
      departmentId: deps[3]!.id,
      name: 'Clinic Letter',
      recipient: ['gp'],
      copy: ['patient'],
      template: DEMO_TEMPLATES['Clinic Letter'],
    },
  ]);

  const [pool] = await db.insert(outsourcingPools).values({ trustId: demo!.id, name: DEMO_POOL_NAME }).returning();

  const roleIds = new Map((await db.select().from(roles)).map((r) => [r.name, r.id]));
  const permIds = new Map((await db.select().from(permissions)).map((p) => [p.code, p.id]));
  for (const u of DEMO_USERS) {
    const site = siteOf[u.site];
    const [row] = await db
      .insert(users)
      .values({
        trustId: site.trustId,
        siteId: site.id,
        email: u.email,
        username: u.email.split('@')[0]!,
        firstName: u.first,
        lastName: u.last,
        passwordHash: await hashSecret(DEMO_PASSWORD),
        isFirstLogin: u.firstLogin ?? false,
        applicationTypes: u.apps ?? ['amplify'],
        pinHash: u.pin ? await hashSecret(u.pin) : null,
        pinSetAt: u.pin ? new Date() : null,
        jobTitle: u.jobTitle ?? null,
        registrationNumber: u.registrationNumber ?? null,
        qaRequired: u.qaRequired ?? false,
        outsourcingPoolId: u.outsourced ? pool!.id : null,
      })
      .returning();
    await db.insert(userRoles).values({ userId: row!.id, roleId: roleIds.get(u.role)! });
    for (const p of u.permissions ?? []) await db.insert(userPermissions).values({ userId: row!.id, permissionId: permIds.get(p)! });
  }
  await seedDemoLetterhead(db);
  return true;
}

export async function findDemoUserId(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no demo user ${email}`);
  return row.id;
}
