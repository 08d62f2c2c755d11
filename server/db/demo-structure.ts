import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { departments, jobTypes, trusts } from './schema';

/**
 * The demo trust's structure beyond the seed's first departments and job types (issue 25), so its
 * departments and job types pages show what a working trust has: a job type of one department with typed
 * custom fields, QA sampling and its own turnaround target, and a department and a job type no longer in use
 * (inactive: kept on old work, not offered for new work).
 */
export async function seedDemoStructure(db: Db): Promise<void> {
  const [demo] = await db.select({ id: trusts.id }).from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  if (!demo) return;
  const departmentOf = async (code: string) =>
    (
      await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.trustId, demo.id), eq(departments.code, code)))
    )[0]?.id ?? null;

  await db.insert(departments).values({ trustId: demo.id, name: 'Ophthalmology', code: 'OPH', active: false });
  await db.insert(jobTypes).values([
    {
      trustId: demo.id,
      departmentId: await departmentOf('ORT'),
      name: 'Fracture Clinic Letter',
      recipient: ['gp', 'patient'],
      copy: [],
      customFields: [
        { id: 'side', label: 'Side', kind: 'choice', required: true, options: ['Left', 'Right', 'Both'] },
        { id: 'date_of_injury', label: 'Date of injury', kind: 'date', required: false },
      ],
      template: ['Diagnosis', 'Mechanism of injury', 'Imaging', 'Management', 'Follow-up'],
      qaPercent: 10,
      turnaroundDays: 3,
    },
    {
      trustId: demo.id,
      departmentId: await departmentOf('RES'),
      name: 'Telephone Consultation',
      recipient: ['gp'],
      copy: ['patient'],
      template: ['Reason for call', 'Discussion', 'Plan'],
      active: false,
    },
  ]);
}
