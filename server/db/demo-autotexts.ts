import { eq } from 'drizzle-orm';
import type { AutotextScope } from '../../src/domain/autotext-access';
import type { Db } from './client';
import { autotexts, departments, trusts, users } from './schema';

interface DemoSnippet {
  scope: AutotextScope;
  /** Department code, for department scope. */
  department?: string;
  /** Demo user e-mail, for user scope. */
  owner?: string;
  shortcut: string;
  title: string;
  body: string;
}

/** Phrases UK clinic and discharge letters use every day, with merge fields filled from the dictation. */
export const DEMO_AUTOTEXTS: DemoSnippet[] = [
  { scope: 'trust', shortcut: 'dw', title: 'Dear doctor', body: 'Dear Dr {{gp_name}},' },
  {
    scope: 'trust',
    shortcut: 're',
    title: 'Patient heading',
    body: 'Re: {{patient_name}}, DOB {{patient_dob}}, NHS number {{nhs_number}}, MRN {{mrn}}',
  },
  {
    scope: 'trust',
    shortcut: 'seen',
    title: 'Seen in clinic',
    body: 'I saw {{patient_first_name}} in the {{department}} clinic on {{clinic_date}}.',
  },
  {
    scope: 'trust',
    shortcut: 'fu6',
    title: 'Follow-up in six weeks',
    body: 'I will review {{patient_first_name}} in clinic in six weeks.',
  },
  { scope: 'trust', shortcut: 'nka', title: 'No known allergies', body: 'No known drug allergies.' },
  {
    scope: 'trust',
    shortcut: 'dis',
    title: 'Discharged to GP',
    body: 'I have discharged {{patient_first_name}} back to your care. Please do not hesitate to refer again should there be any further concerns.',
  },
  {
    scope: 'trust',
    shortcut: 'dna',
    title: 'Did not attend',
    body: '{{patient_first_name}} did not attend the appointment on {{clinic_date}}. In line with trust policy we have offered one further appointment.',
  },
  { scope: 'trust', shortcut: 'ys', title: 'Sign-off', body: 'Yours sincerely,\n\n\n{{author_name}}\n{{author_title}}\n{{department}}' },
  { scope: 'trust', shortcut: 'dns', title: 'Dictated not signed', body: 'Dictated but not signed, to avoid delay.' },
  {
    scope: 'department',
    department: 'CAR',
    shortcut: 'echo',
    title: 'Echo requested',
    body: 'I have requested an echocardiogram and will write to {{patient_first_name}} with the result.',
  },
  {
    scope: 'department',
    department: 'CAR',
    shortcut: 'ecg',
    title: 'ECG normal',
    body: 'The ECG today showed sinus rhythm with no acute changes.',
  },
  {
    scope: 'department',
    department: 'RES',
    shortcut: 'spiro',
    title: 'Spirometry done',
    body: 'Spirometry was performed in clinic today; the results are enclosed.',
  },
  {
    scope: 'department',
    department: 'ORT',
    shortcut: 'xr',
    title: 'X-ray reviewed',
    body: 'I have reviewed the X-rays taken in clinic today with {{patient_first_name}}.',
  },
  {
    scope: 'user',
    owner: 'secretary@wardnote.test',
    shortcut: 'tq',
    title: 'Thank you for the referral',
    body: 'Thank you for referring {{patient_name}}, whom Dr {{author_name}} saw in clinic on {{clinic_date}}.',
  },
  {
    scope: 'user',
    owner: 'author@wardnote.test',
    shortcut: 'plan',
    title: 'Plan heading',
    body: 'Plan:\n1. \n2. \n3. ',
  },
];

/** The demo trust's autotext snippets (trust, department and user scope). */
export async function seedDemoAutotexts(db: Db): Promise<void> {
  const [trust] = await db.select({ id: trusts.id }).from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  if (!trust) return;
  const deps = new Map(
    (await db.select({ id: departments.id, code: departments.code }).from(departments).where(eq(departments.trustId, trust.id))).map(
      (d) => [d.code, d.id],
    ),
  );
  const people = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.trustId, trust.id))).map((u) => [u.email, u.id]),
  );
  const createdBy = people.get('trustadmin@wardnote.test') ?? null;
  const rows = DEMO_AUTOTEXTS.flatMap((s) => {
    const departmentId = s.department ? deps.get(s.department) : null;
    const userId = s.owner ? people.get(s.owner) : null;
    if (departmentId === undefined || userId === undefined) return [];
    return [
      {
        trustId: trust.id,
        scope: s.scope,
        departmentId,
        userId,
        shortcut: s.shortcut,
        title: s.title,
        body: s.body,
        createdBy: userId ?? createdBy,
      },
    ];
  });
  if (rows.length) await db.insert(autotexts).values(rows).onConflictDoNothing();
}
